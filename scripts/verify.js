'use strict';
// `npm run verify`: what n8n checks before it lists a community package as verified, run locally.
//
// 1. n8n's own scanner (@n8n/scan-community-package, pinned in scripts/scanner/) lints the source tree
//    and the unpacked `npm pack` tarball with the same two legs and file patterns as its command line.
//    The command line itself needs a published package with provenance; its `analyzePackage` does not.
//    The scanner is installed from its lock file into a cache folder, outside this project's
//    dependencies, so `npm ci` stays as it is.
// 2. A planted violation must be found, so a scanner that silently lints nothing cannot pass.
// 3. n8n's lint config exactly as `n8n-node new` writes it (scripts/eslint.n8n-default.mjs, the file
//    n8n-node's strict mode demands) on what ships: nodes/, credentials/, package.json.
// 4. `npm pack --dry-run`: what the tarball holds.
// 5. The points of n8n's verification guidelines the scanner does not cover (package.json fields,
//    codex categories, documentation URLs, icons, usableAsTool).
// Prints one line per check and "N findings"; exits 1 on any finding. dist/ must be built.

const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const scannerSpec = path.join(__dirname, 'scanner');

/**
 * The codex categories n8n's own nodes use, read from the codex files of n8n-nodes-base 2.41.1 (those
 * used by more than one node). The node panel groups nodes by them; a name outside this set shows up as
 * a category of its own. n8n renamed "Marketing & Content" to "Marketing": Mailchimp, for one, is
 * ["Marketing", "Communication"] in 2.41.1.
 */
const KNOWN_CATEGORIES = [
	'AI',
	'Analytics',
	'Communication',
	'Core Nodes',
	'Data & Storage',
	'Developer Tools',
	'Development',
	'Finance & Accounting',
	'HITL',
	'Marketing',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];

/** The categories in the codex files of the installed n8n runtime's n8n-nodes-base, when it is there. */
function runtimeCategories() {
	const base = path.join(runtime.paths().n8nDir, 'node_modules', 'n8n-nodes-base', 'dist', 'nodes');
	if (!fs.existsSync(base)) return undefined;
	const found = new Set();
	const walk = (dir) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.name.endsWith('.node.json')) {
				for (const c of JSON.parse(fs.readFileSync(full, 'utf8')).categories ?? []) found.add(c);
			}
		}
	};
	walk(base);
	return found;
}

const findings = [];
const report = (ok, name, detail = '') => {
	if (!ok) findings.push(`${name}${detail ? `: ${detail}` : ''}`);
	console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name}${detail && !ok ? `\n      ${detail.split('\n').join('\n      ')}` : ''}`);
};

// The same cache folder as the n8n runtime (scripts/n8n-runtime.js); loading that module installs nothing.
const runtime = require('./n8n-runtime');
const cacheRoot = () => runtime.cacheRoot;

/** Installs the pinned scanner once per lock file (npm ci, scripts off) and returns its module path. */
function ensureScanner() {
	const lock = fs.readFileSync(path.join(scannerSpec, 'package-lock.json'));
	const hash = crypto.createHash('sha256').update(lock).digest('hex').slice(0, 12);
	const dir = path.join(cacheRoot(), `scan-community-package-${hash}`);
	const entry = path.join(dir, 'node_modules', '@n8n', 'scan-community-package', 'scanner', 'scanner.mjs');
	if (!fs.existsSync(entry)) {
		console.log(`installing @n8n/scan-community-package into ${dir} (once)`);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(dir, { recursive: true });
		fs.copyFileSync(path.join(scannerSpec, 'package.json'), path.join(dir, 'package.json'));
		fs.copyFileSync(path.join(scannerSpec, 'package-lock.json'), path.join(dir, 'package-lock.json'));
		// Scripts stay off: eslint-plugin-n8n-nodes-base's preinstall insists on pnpm.
		execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: dir,
			stdio: 'inherit',
		});
	}
	return entry;
}

/** Packs the package into a temporary folder and unpacks it; returns {dir, cleanup}. */
function unpackTarball() {
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-verify-'));
	const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const tarball = path.join(tmp, JSON.parse(out)[0].filename);
	const dir = path.join(tmp, 'package');
	fs.mkdirSync(dir);
	execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
	return { dir, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

/** A copy of package.json next to one node file with code n8n forbids: the scan must fail on it. */
function plantedViolation() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-verify-planted-'));
	fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
	fs.mkdirSync(path.join(dir, 'nodes', 'Planted'), { recursive: true });
	fs.writeFileSync(
		path.join(dir, 'nodes', 'Planted', 'Planted.node.ts'),
		"import { readFileSync } from 'fs';\nexport const planted = () => [readFileSync(process.env.HOME ?? ''), setTimeout(() => undefined, 1)];\n",
	);
	return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function packDryRun() {
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	return JSON.parse(out)[0];
}

function checkTarballContents() {
	const packed = packDryRun();
	const files = packed.files.map((f) => f.path);
	const has = (p) => files.includes(p);
	const declared = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	report(declared.every(has), 'npm pack --dry-run: every node and credential in package.json "n8n" is in the tarball', declared.filter((p) => !has(p)).join(', '));
	const stray = files.filter((p) => !/^(dist\/|package\.json$|README\.md$|LICENSE$)/.test(p));
	report(stray.length === 0, 'npm pack --dry-run: only dist/, package.json, README.md and LICENSE', stray.join(', '));
	const sources = files.filter((p) => /(^|\/)(test|sandbox|examples|scripts|bench)\//.test(p) || /\.(ts|map)$/.test(p));
	report(sources.length === 0, 'npm pack --dry-run: no tests, sandbox, scripts, TypeScript, declarations or source maps', sources.join(', '));
	const codex = pkg.n8n.nodes.map((p) => p.replace(/\.js$/, '.json'));
	report(codex.every(has), 'npm pack --dry-run: each node ships its codex file (.node.json)', codex.filter((p) => !has(p)).join(', '));
	const icons = files.filter((p) => p.endsWith('.svg'));
	report(icons.length >= 2, 'npm pack --dry-run: light and dark icons are in the tarball', `found ${icons.join(', ') || 'none'}`);
	const sizeKb = Math.round(packed.size / 1024);
	report(packed.size < 1024 * 1024, `npm pack --dry-run: tarball ${sizeKb} kB, ${files.length} files (under 1 MB)`);
}

function checkPackageJson() {
	const problems = [];
	if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?n8n-nodes-/.test(pkg.name)) problems.push('name must start with n8n-nodes-');
	if (!pkg.keywords?.includes('n8n-community-node-package')) problems.push('keyword n8n-community-node-package missing');
	if (pkg.license !== 'MIT') problems.push('license must be MIT');
	if (!/^(git\+)?https:\/\/github\.com\/[^/]+\/[^/]+?(\.git)?$/.test(pkg.repository?.url ?? '')) problems.push('repository.url must be a public GitHub repository');
	if (!pkg.homepage) problems.push('homepage missing');
	if (!pkg.author?.name || !pkg.author?.email) problems.push('author needs name and email');
	if (Object.keys(pkg.dependencies ?? {}).length > 0) problems.push('runtime dependencies are not allowed');
	if (JSON.stringify(pkg.peerDependencies) !== JSON.stringify({ 'n8n-workflow': '*' })) problems.push('peerDependencies must be exactly {"n8n-workflow": "*"}');
	if ('overrides' in pkg) problems.push('no "overrides" field');
	for (const s of ['preinstall', 'install', 'postinstall', 'prepare', 'prepublish']) if (pkg.scripts?.[s]) problems.push(`no "${s}" script`);
	if (pkg.n8n?.n8nNodesApiVersion !== 1) problems.push('n8n.n8nNodesApiVersion must be 1');
	if (typeof pkg.n8n?.strict !== 'boolean') problems.push('n8n.strict must say whether n8n-node runs in strict mode');
	if (pkg.scripts?.lint !== 'n8n-node lint') problems.push('npm run lint must be n8n-node lint');
	if (pkg.scripts?.release !== 'n8n-node release') problems.push('npm run release must be n8n-node release (what the publish workflow runs)');
	if (pkg.publishConfig?.provenance !== true) problems.push('publishConfig.provenance must be true');
	report(problems.length === 0, 'package.json: name, keyword, MIT, GitHub repository, author, no dependencies, peer n8n-workflow, provenance, n8n-node scripts', problems.join('; '));
}

/**
 * A section of the README on the package's GitHub repository: where the nodes' and credentials'
 * documentation links point. The README says where each credential field comes from and what the
 * credential test checks, which SlickText's API documentation does not.
 */
function readmeUrl(anchor) {
	const repo = String(pkg.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
	return `${repo}#${anchor}`;
}

/** n8n's lint config, unchanged, on the shipped sources; returns {files, messages}. */
function n8nDefaultLint() {
	const eslint = path.join(root, 'node_modules', '.bin', 'eslint');
	let out;
	try {
		out = execFileSync(
			eslint,
			['-c', path.join(__dirname, 'eslint.n8n-default.mjs'), '--report-unused-disable-directives-severity', 'off', '-f', 'json', 'nodes', 'credentials', 'package.json'],
			{ cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
		);
	} catch (error) {
		// eslint exits 1 when it finds something; its JSON is still on stdout.
		out = error.stdout;
		if (!out) throw error;
	}
	const results = JSON.parse(out);
	const messages = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId ?? ''} ${m.message}`));
	return { files: results.length, messages };
}

function checkN8nDefaultLint() {
	const expected = ['nodes', 'credentials']
		.flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true }))
		.filter((f) => String(f).endsWith('.ts')).length;
	const { files, messages } = n8nDefaultLint();
	report(
		messages.length === 0 && files >= expected + 1,
		`n8n's lint config as n8n-node new writes it (strict mode's), on nodes/, credentials/, package.json: ${files} files, ${messages.length} findings`,
		[...(files < expected + 1 ? [`linted ${files} files, expected at least ${expected + 1}`] : []), ...messages].join('\n'),
	);
}

function loadBuilt(file) {
	const exported = require(path.join(root, file));
	return Object.values(exported).filter((v) => typeof v === 'function').map((C) => new C());
}

function checkNodesAndCredentials() {
	const problems = [];
	for (const file of pkg.n8n.nodes) {
		const codex = JSON.parse(fs.readFileSync(path.join(root, file.replace(/\.js$/, '.json')), 'utf8'));
		const unknown = (codex.categories ?? []).filter((c) => !KNOWN_CATEGORIES.includes(c));
		if (!codex.categories?.length) problems.push(`${file}: codex has no categories`);
		if (unknown.length) problems.push(`${file}: codex categories not in n8n's set: ${unknown.join(', ')}`);
		const installed = runtimeCategories();
		const absent = installed ? (codex.categories ?? []).filter((c) => !installed.has(c)) : [];
		if (absent.length) problems.push(`${file}: categories not used by the installed n8n's own nodes: ${absent.join(', ')}`);
		const docs = codex.resources?.primaryDocumentation?.[0]?.url ?? '';
		if (docs !== readmeUrl('readme')) problems.push(`${file}: codex primaryDocumentation must be ${readmeUrl('readme')}, is ${docs}`);
		for (const { url } of codex.resources?.credentialDocumentation ?? []) {
			if (url !== readmeUrl('credentials')) problems.push(`${file}: codex credentialDocumentation must be ${readmeUrl('credentials')}, is ${url}`);
		}
		for (const node of loadBuilt(file)) {
			const d = node.description;
			const isTrigger = d.group?.includes('trigger');
			// n8n takes `true` or an object of replacements for the tool variant (INodeTypeDescription.usableAsTool).
			const asTool = d.usableAsTool === true || (typeof d.usableAsTool === 'object' && d.usableAsTool !== null);
			if (!isTrigger && !asTool) problems.push(`${d.displayName}: usableAsTool is not set`);
			if (!d.icon?.light || !d.icon?.dark) problems.push(`${d.displayName}: light and dark icon expected`);
		}
	}
	const nodeTypes = pkg.n8n.nodes.flatMap((file) => loadBuilt(file).map((node) => node.description));
	for (const file of pkg.n8n.credentials) {
		for (const cred of loadBuilt(file)) {
			if (cred.documentationUrl !== readmeUrl('credentials')) problems.push(`${cred.displayName}: documentationUrl must be ${readmeUrl('credentials')} (the README's Credentials section), is ${cred.documentationUrl}`);
			if (!cred.icon?.light || !cred.icon?.dark) problems.push(`${cred.displayName}: light and dark icon expected`);
			for (const variant of [cred.icon?.light, cred.icon?.dark].filter(Boolean)) {
				const iconFile = path.resolve(path.dirname(path.join(root, file)), String(variant).replace(/^file:/, ''));
				if (!fs.existsSync(iconFile)) problems.push(`${cred.displayName}: icon ${variant} is not in dist/`);
			}
			// n8n runs a credential's own test request, or else the test function of a node that names it in testedBy.
			const testers = nodeTypes.filter((d) => d.credentials?.some((c) => c.name === cred.name && c.testedBy));
			if (!cred.test && testers.length === 0) problems.push(`${cred.displayName}: no credential test`);
		}
	}
	report(problems.length === 0, 'nodes and credentials: codex categories from n8n\'s set, documentation URLs, icons, usableAsTool, credential tests', problems.join('\n'));
}

async function main() {
	if (!fs.existsSync(path.join(root, 'dist'))) throw new Error('dist/ is missing: run npm run build first');
	const scanner = await import(ensureScanner());

	const planted = plantedViolation();
	try {
		const result = await scanner.analyzePackage(planted.dir, scanner.SOURCE_FILE_PATTERNS);
		const caught = !result.passed && /no-restricted-globals/.test(result.details ?? '') && /no-restricted-imports/.test(result.details ?? '');
		report(caught, 'scanner self-check: a planted process/setTimeout/fs use is found', JSON.stringify(result).slice(0, 400));
	} finally {
		planted.cleanup();
	}

	const source = await scanner.analyzePackage(root, scanner.SOURCE_FILE_PATTERNS);
	report(source.passed, `scanner, source tree (${scanner.SOURCE_FILE_PATTERNS.join(', ')})`, source.details ?? source.message ?? '');

	const unpacked = unpackTarball();
	try {
		// The same patterns as the scanner's tarball leg: compiled JavaScript and the published package.json.
		const dist = await scanner.analyzePackage(unpacked.dir, ['**/*.js', 'package.json']);
		report(dist.passed, 'scanner, unpacked npm pack tarball (**/*.js, package.json)', dist.details ?? dist.message ?? '');
	} finally {
		unpacked.cleanup();
	}

	checkN8nDefaultLint();
	checkTarballContents();
	checkPackageJson();
	checkNodesAndCredentials();

	console.log(`\n${findings.length} findings`);
	process.exit(findings.length === 0 ? 0 : 1);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
