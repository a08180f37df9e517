import type { INodeType } from 'n8n-workflow';
// The package as n8n and npm see it: what `npm pack` ships, what the n8n field registers, what loads.
// The tarball holds what n8n loads (the compiled JavaScript, codex files, icons) and the README as the
// front door; no source maps or type declarations, whose TypeScript sources are not shipped.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { loadPackage } from './helpers/engine';

const root = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

describe('package', () => {
	it('is a community node package with no runtime dependencies', () => {
		expect(pkg.name).toBe('n8n-nodes-slicktext');
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.license).toBe('MIT');
		expect(pkg.files.every((f: string) => f.startsWith('dist/'))).toBe(true);
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
		// n8n-core must be released against exactly this n8n-workflow, or two copies get installed.
		const core = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/n8n-core/package.json'), 'utf8'));
		expect(core.dependencies['n8n-workflow']).toBe(pkg.devDependencies['n8n-workflow']);
	});

	describe('the release: README, CHANGELOG and lock file say the version package.json has', () => {
		const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
		const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');

		it('every version the README pins is package.json\'s (npm install, the editor, N8N_COMMUNITY_PACKAGES)', () => {
			const pins = [
				...[...readme.matchAll(/n8n-nodes-slicktext@(\d[^\s`'"\])]*)/g)].map((m) => m[1]),
				...[...readme.matchAll(/"name":\s*"n8n-nodes-slicktext",\s*"version":\s*"([^"]+)"/g)].map((m) => m[1]),
			];
			expect(pins.length).toBeGreaterThanOrEqual(3);
			expect(pins.filter((v) => v !== pkg.version)).toEqual([]);
		});

		it('CHANGELOG has a dated section and a link for the version, under an [Unreleased] heading', () => {
			const escaped = pkg.version.replace(/\./g, '\\.');
			const section = new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm');
			expect(changelog).toMatch(section);
			expect(changelog).toMatch(new RegExp(`^\\[${escaped}\\]: https://`, 'm'));
			const unreleased = changelog.indexOf('## [Unreleased]');
			expect(unreleased).toBeGreaterThanOrEqual(0);
			expect(unreleased).toBeLessThan(changelog.search(section));
			// The newest released section is this version's: no release is cut without its version.
			const released = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((m) => m[1]);
			expect(released[0]).toBe(pkg.version);
		});

		it('the README\'s operation tables are what scripts/operations-table.js prints from the built nodes', () => {
			const printed = execFileSync(process.execPath, [path.join(root, 'scripts/operations-table.js')], { cwd: root, encoding: 'utf8' });
			const tables = printed.trim().split(/\n\n(?=### )/);
			expect(tables.length).toBe(2);
			expect(tables.filter((table) => !readme.includes(table)).map((table) => table.split('\n')[0])).toEqual([]);
		});

		it('docs/ai-agents.md\'s tool table is what scripts/operations-table.js --tools prints from the built nodes', () => {
			const printed = execFileSync(process.execPath, [path.join(root, 'scripts/operations-table.js'), '--tools'], { cwd: root, encoding: 'utf8' });
			const doc = fs.readFileSync(path.join(root, 'docs/ai-agents.md'), 'utf8');
			const rows = printed.trim().split('\n');
			expect(rows.length).toBeGreaterThan(50);
			expect(rows.filter((row) => !doc.includes(row))).toEqual([]);
		});

		it('package-lock.json\'s own version is package.json\'s', () => {
			const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
			expect([lock.version, lock.packages[''].version]).toEqual([pkg.version, pkg.version]);
		});
	});

	it('registers files that exist in dist/', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			expect(file).toMatch(/^dist\//);
			expect(fs.existsSync(path.join(root, file))).toBe(true);
		}
	});

	describe('the tarball (npm pack)', () => {
		const packed: string[] = JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
				cwd: root,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		)[0].files.map((f: { path: string }) => f.path);
		const has = (file: string) => packed.includes(file);

		it('holds only dist/, the README, the licence and package.json', () => {
			const outside = packed.filter((f) => !f.startsWith('dist/') && !['README.md', 'LICENSE', 'package.json'].includes(f));
			expect(outside).toEqual([]);
			expect(packed).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
			expect(packed.filter((f) => f.startsWith('dist/test') || f.startsWith('dist/sandbox'))).toEqual([]);
		});

		it('ships no source maps, type declarations or TypeScript (their sources are not shipped)', () => {
			expect(packed.filter((f) => /\.(map|ts)$/.test(f))).toEqual([]);
		});

		it('ships a README of at most 400 lines (the front door; the lab material lives in docs/)', () => {
			const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
			const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
			expect({ lines, atMost400: lines <= 400 }).toEqual({ lines, atMost400: true });
		});

		it('ships everything n8n loads: each path of the n8n field, its codex file, and every icon they name', () => {
			const { nodes, credentials } = loadPackage();
			const wanted: string[] = [];
			for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials] as string[]) wanted.push(file);
			for (const file of pkg.n8n.nodes as string[]) wanted.push(file.replace(/\.js$/, '.json'));
			const iconsOf = (file: string, icon: unknown) =>
				(typeof icon === 'string' ? [icon] : Object.values((icon ?? {}) as Record<string, string>)).map((i) =>
					path.posix.normalize(path.posix.join(path.posix.dirname(file), i.replace(/^file:/, ''))),
				);
			const byName = (file: string) => {
				const base = path.basename(file).replace(/\.(node|credentials)\.js$/, '');
				return base.charAt(0).toLowerCase() + base.slice(1);
			};
			for (const file of pkg.n8n.nodes as string[]) {
				wanted.push(...iconsOf(file, (nodes[byName(file)] as { description: { icon: unknown } }).description.icon));
			}
			for (const file of pkg.n8n.credentials as string[]) {
				wanted.push(...iconsOf(file, credentials[byName(file)].icon));
			}
			expect(wanted.length).toBeGreaterThanOrEqual(5 + 3 + 3 * 2 + 2 * 2);
			expect(wanted.filter((f) => !has(f))).toEqual([]);
		});

		it('ships every file the registered nodes and credentials require, transitively', () => {
			// tsc writes relative requires as require("./x"); each must resolve inside the tarball.
			const missing: string[] = [];
			const seen = new Set<string>();
			const queue: string[] = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
			while (queue.length) {
				const file = queue.shift()!;
				if (seen.has(file)) continue;
				seen.add(file);
				const code = fs.readFileSync(path.join(root, file), 'utf8');
				for (const [, spec] of code.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
					const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
					const found = [target, `${target}.js`, `${target}/index.js`].find((c) => has(c));
					if (found) queue.push(found);
					else missing.push(`${file} -> ${spec}`);
				}
			}
			expect(seen.size).toBeGreaterThan(20);
			expect(missing).toEqual([]);
		});
	});

	it('loads every node with an icon present in dist/, a codex file, a subtitle, and action nodes usable as tools', () => {
		const { nodes } = loadPackage();
		const icons: string[] = [];
		expect(Object.keys(nodes).sort()).toEqual(
			pkg.n8n.nodes.map((f: string) => {
				const base = path.basename(f, '.node.js');
				return base.charAt(0).toLowerCase() + base.slice(1);
			}).sort(),
		);
		for (const file of pkg.n8n.nodes as string[]) {
			const dir = path.dirname(path.join(root, file));
			const codex = path.join(dir, `${path.basename(file, '.js')}.json`);
			expect(fs.existsSync(codex)).toBe(true);
			const name = path.basename(file, '.node.js');
			const nodeType = nodes[name.charAt(0).toLowerCase() + name.slice(1)] as { description: any };
			const icon = nodeType.description.icon as { light: string; dark: string };
			for (const variant of [icon.light, icon.dark]) {
				expect(fs.existsSync(path.join(dir, variant.replace(/^file:/, '')))).toBe(true);
			}
			if (!name.endsWith('Trigger')) icons.push(icon.light);
			if (!name.endsWith('Trigger')) {
				expect(nodeType.description.usableAsTool).toEqual({ replacements: { description: expect.stringMatching(/read-only, changes records or sends texts/) } });
				expect(nodeType.description.subtitle).toContain('$parameter["operation"]');
			}
		}
		// SlickText Legacy has its own icon variant, so the two action nodes differ on the canvas.
		expect(new Set(icons).size).toBe(2);
	});

	it('draws no text into an icon (a "v1" badge read as n8n\'s own node-version badge)', () => {
		const svgs = (fs.readdirSync(path.join(root, 'nodes'), { recursive: true }) as string[]).filter((f) => f.endsWith('.svg'));
		expect(svgs.length).toBeGreaterThanOrEqual(4);
		for (const file of svgs) {
			expect([file, /<text\b/.test(fs.readFileSync(path.join(root, 'nodes', file), 'utf8'))]).toEqual([file, false]);
		}
	});

	it("gives every credential an icon in dist/, a documentation URL and a test (an action node's test function, named by testedBy)", () => {
		const { credentials, nodes } = loadPackage();
		expect(Object.keys(credentials).length).toBeGreaterThanOrEqual(2);
		for (const credential of Object.values(credentials)) {
			const icon = credential.icon as { light: string };
			expect(fs.existsSync(path.join(root, 'dist/credentials', icon.light.replace(/^file:/, '')))).toBe(true);
			// The README's Credentials section on the package's GitHub repository (docs/verification.md).
			expect(credential.documentationUrl).toBe(`${pkg.repository.url.replace(/\.git$/, '')}#credentials`);
			// n8n asks the first node that names the credential; n8n's community lint wants every one to name its test.
			const takers = Object.values(nodes as Record<string, INodeType>).filter((node) => node.description.credentials?.some((c) => c.name === credential.name));
			expect(takers.length).toBeGreaterThanOrEqual(2);
			for (const node of takers) {
				const testedBy = node.description.credentials!.find((c) => c.name === credential.name)!.testedBy as string;
				expect([node.description.name, credential.name, typeof node.methods?.credentialTest?.[testedBy]]).toEqual([node.description.name, credential.name, 'function']);
			}
		}
	});
});
