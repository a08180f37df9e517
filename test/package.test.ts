// The package as n8n and npm see it: what `npm pack` ships, what the n8n field registers, what loads.
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
		expect(pkg.files).toEqual(['dist']);
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
		// n8n-core must be released against exactly this n8n-workflow, or two copies get installed.
		const core = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/n8n-core/package.json'), 'utf8'));
		expect(core.dependencies['n8n-workflow']).toBe(pkg.devDependencies['n8n-workflow']);
	});

	it('registers files that exist in dist/', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			expect(file).toMatch(/^dist\//);
			expect(fs.existsSync(path.join(root, file))).toBe(true);
		}
	});

	it('packs only dist/, the README, the licence and package.json', () => {
		const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		});
		const files: string[] = JSON.parse(output)[0].files.map((f: { path: string }) => f.path);
		const outside = files.filter((f) => !f.startsWith('dist/') && !['README.md', 'LICENSE', 'package.json'].includes(f));
		expect(outside).toEqual([]);
		expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
		expect(files.some((f) => f.startsWith('dist/test') || f.startsWith('dist/sandbox'))).toBe(false);
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
		// SlickText Legacy has its own icon variant, so the two action nodes differ on the canvas (issue 18.6).
		expect(new Set(icons).size).toBe(2);
	});

	it('gives every credential an icon in dist/, a documentation URL and a test request', () => {
		const { credentials } = loadPackage();
		expect(Object.keys(credentials).length).toBeGreaterThanOrEqual(2);
		for (const credential of Object.values(credentials)) {
			const icon = credential.icon as { light: string };
			expect(fs.existsSync(path.join(root, 'dist/credentials', icon.light.replace(/^file:/, '')))).toBe(true);
			expect(credential.documentationUrl).toMatch(/^https:\/\//);
			expect(credential.test?.request).toBeDefined();
		}
	});
});
