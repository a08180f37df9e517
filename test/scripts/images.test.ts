// The pictures in docs/images/ show the nodes as built: `npm run screenshots` records what
// each picture shows (scripts/images.js), and this fails, naming the picture, once a change alters that.
import * as fs from 'node:fs';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const images = require('../../scripts/images');

describe('docs/images: every picture shows the nodes as they are built', () => {
	test('no picture is stale (npm run screenshots takes them all again)', () => {
		expect(images.staleImages()).toEqual([]);
	});

	test('a change to what a picture shows is found: a field of the trigger, or the SlickText Legacy entry of the node panel', () => {
		const manifest = JSON.parse(fs.readFileSync(images.manifestFile, 'utf8'));
		// The built nodes, each description copied, then one text changed as a later commit might.
		const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
		const nodes: Record<string, { name: string; description: string; properties: Array<{ name: string; displayName: string }> }> = {};
		for (const file of pkg.n8n.nodes as string[]) {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const NodeClass = require(path.resolve(__dirname, '../..', file))[path.basename(file, '.node.js')] as new () => { description: never };
			const description = JSON.parse(JSON.stringify(new NodeClass().description));
			nodes[description.name] = description;
		}
		expect(images.fingerprints(nodes)).toEqual(Object.fromEntries(Object.entries(manifest.images).map(([file, kept]) => [file, (kept as { shows: string }).shows])));
		nodes.slickTextTrigger.properties.find((p) => p.name === 'currentSetup')!.displayName = 'Another notice';
		nodes.slickTextLegacy.description = 'Another description';
		const changed = images.fingerprints(nodes);
		const stale = Object.keys(changed).filter((file) => changed[file] !== manifest.images[file].shows);
		expect(stale.sort()).toEqual(['node-picker.png', 'slicktext-trigger-node.png']);
	});
});
