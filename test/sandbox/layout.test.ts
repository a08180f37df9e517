// The sandbox's layout stays easy to work in: no file over 400 lines and no circle among its requires
// (a circle once forced lazy requires between server.js and the legacy API).
import * as fs from 'node:fs';
import * as path from 'node:path';

const MAX_LINES = 400;
const SANDBOX = path.resolve(__dirname, '../../sandbox');

function jsFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return jsFiles(full);
		return entry.name.endsWith('.js') ? [full] : [];
	});
}

/** The files a file requires by a relative path (anywhere in it, lazy requires included). */
function localRequires(file: string): string[] {
	const source = fs.readFileSync(file, 'utf8');
	return [...source.matchAll(/require\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/g)].map((m) =>
		require.resolve(path.resolve(path.dirname(file), m[1])),
	);
}

/** Every require circle under root, each as the list of files in it (relative to root). */
export function requireCircles(root: string): string[][] {
	const graph = new Map(jsFiles(root).map((file) => [file, localRequires(file)]));
	const circles: string[][] = [];
	const done = new Set<string>();
	const stack: string[] = [];
	const visit = (file: string) => {
		const at = stack.indexOf(file);
		if (at >= 0) {
			circles.push(stack.slice(at).map((f) => path.relative(root, f)));
			return;
		}
		if (done.has(file)) return;
		stack.push(file);
		for (const next of graph.get(file) ?? []) visit(next);
		stack.pop();
		done.add(file);
	};
	for (const file of graph.keys()) visit(file);
	return circles;
}

export function longFiles(root: string): string[] {
	return jsFiles(root)
		.map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
		.filter(({ lines }) => lines > MAX_LINES)
		.map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe('sandbox layout', () => {
	it(`has no file over ${MAX_LINES} lines`, () => {
		expect(longFiles(SANDBOX)).toEqual([]);
	});

	it('has no require circle', () => {
		expect(requireCircles(SANDBOX)).toEqual([]);
	});

	it('lays the APIs out by resource, as the nodes are', () => {
		const names = (dir: string) => fs.readdirSync(path.join(SANDBOX, dir)).map((name) => name.replace(/\.js$/, ''));
		const resources = (node: string) =>
			fs
				.readdirSync(path.resolve(__dirname, `../../nodes/${node}/resources`), { withFileTypes: true })
				.filter((entry) => entry.isDirectory())
				.map((entry) => entry.name)
				// Polls are the trigger's: their requests go to the SlickText Trigger, their texts through messages and campaigns.
				.filter((name) => name !== 'poll');
		expect(names('current')).toEqual(expect.arrayContaining(resources('SlickText')));
		expect(names('legacy')).toEqual(expect.arrayContaining(resources('SlickTextLegacy')));
	});
});
