'use strict';
// What each picture in docs/images/ shows, as a fingerprint of the built nodes: `npm run screenshots`
// writes it into docs/images/images.json beside the pictures, and test/docs/images.test.ts compares it with
// the nodes as they are now. A change to what a picture shows (a field, a notice, an event, a node's name or
// description, or an example's nodes) makes that test fail and name the picture, so a stale image is found by a check.

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const imagesDir = path.join(root, 'docs', 'images');
const manifestFile = path.join(imagesDir, 'images.json');

/** The built nodes (dist/), as n8n loads them, by type name. */
function builtNodes() {
	const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const nodes = {};
	for (const file of pkg.n8n.nodes) {
		// Each file exports its node class under the file's name (and may export more).
		const NodeClass = require(path.join(root, file))[path.basename(file, '.node.js')];
		const { description } = new NodeClass();
		nodes[description.name] = description;
	}
	return nodes;
}

/** What a node's panel shows: its name, fields (labels, choices, help, rules) and credentials. */
function panelOf(description) {
	// The credential selector shows each credential's name and rules, not the test function n8n asks (testedBy).
	const credentials = description.credentials?.map(({ testedBy, ...shown }) => shown);
	return { displayName: description.displayName, version: description.version, properties: description.properties, credentials };
}

/** What the node panel (picker) shows of a node: its name, description and events or actions. */
function entryOf(description) {
	const listed = description.properties.filter((p) => p.displayName === 'Events' || p.name === 'operation' || p.name === 'resource');
	return { displayName: description.displayName, description: description.description, listed: listed.map((p) => [p.name, (p.options || []).map((o) => o.name)]) };
}

/** What the canvas shows of a node: its name, icon and subtitle. */
function canvasOf(description) {
	return { displayName: description.displayName, icon: description.icon, subtitle: description.subtitle };
}

/** What a picture of an example on the canvas shows: its nodes (names, types, places), links and notes. */
function exampleOf(file) {
	const workflow = JSON.parse(fs.readFileSync(path.join(root, 'examples', file), 'utf8'));
	const nodes = workflow.nodes.map((n) => [n.name, n.type, n.typeVersion, n.position, n.type.endsWith('stickyNote') ? n.parameters : undefined]);
	return { nodes, connections: workflow.connections };
}

/** Each picture and what it shows, from the built nodes (and, for an example's picture, its file). */
function depicted(nodes = builtNodes()) {
	const all = Object.values(nodes).sort((a, b) => a.name.localeCompare(b.name));
	return {
		'canvas.png': ['slickTextTrigger', 'slickText', 'slickTextLegacy'].map((name) => canvasOf(nodes[name])),
		'slicktext-node.png': panelOf(nodes.slickText),
		'slicktext-legacy-node.png': panelOf(nodes.slickTextLegacy),
		'slicktext-trigger-node.png': panelOf(nodes.slickTextTrigger),
		'node-picker.png': all.map(entryOf),
		'node-picker-actions.png': [entryOf(nodes.slickText), entryOf(nodes.slickTextTrigger)],
		'example-07-reminder.png': [exampleOf('07-appointment-reminder-waits-for-reply.json'), canvasOf(nodes.slickTextLegacy), canvasOf(nodes.slickTextLegacyTrigger)],
		'example-08-rsvp.png': [exampleOf('08-rsvp-gathers-answers-by-deadline.json'), canvasOf(nodes.slickTextLegacy), canvasOf(nodes.slickTextLegacyTrigger)],
		'example-09-campaign-question.png': [exampleOf('09-campaign-question-gathers-answers-by-deadline.json'), canvasOf(nodes.slickText), canvasOf(nodes.slickTextTrigger)],
	};
}

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** The fingerprints of what each picture shows now. */
function fingerprints(nodes) {
	return Object.fromEntries(Object.entries(depicted(nodes)).map(([file, shown]) => [file, sha256(JSON.stringify(shown))]));
}

/** Written by `npm run screenshots` once it took every picture: what each shows, and the picture's own hash. */
function writeManifest(n8nVersion) {
	const shows = fingerprints();
	const images = {};
	for (const [file, hash] of Object.entries(shows)) {
		images[file] = { shows: hash, png: sha256(fs.readFileSync(path.join(imagesDir, file))) };
	}
	fs.writeFileSync(manifestFile, `${JSON.stringify({ n8n: n8nVersion, images }, null, '\t')}\n`);
}

/** The pictures that no longer show the nodes as built, or that changed without `npm run screenshots`. */
function staleImages() {
	const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : { images: {} };
	const now = fingerprints();
	const stale = [];
	const files = fs.readdirSync(imagesDir).filter((f) => f.endsWith('.png'));
	for (const file of new Set([...files, ...Object.keys(now)])) {
		const kept = manifest.images[file];
		if (!now[file]) stale.push(`${file}: not taken by npm run screenshots`);
		else if (!kept || !files.includes(file)) stale.push(`${file}: not taken yet`);
		else if (kept.shows !== now[file]) stale.push(`${file}: shows the nodes as they were before a change`);
		else if (kept.png !== sha256(fs.readFileSync(path.join(imagesDir, file)))) stale.push(`${file}: changed since npm run screenshots took it`);
	}
	return stale;
}

module.exports = { depicted, fingerprints, writeManifest, staleImages, manifestFile };
