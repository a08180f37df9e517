// docs/verification.md holds no figure written by hand: each is counted by scripts/verification-figures.js
// from what it is about (the built nodes, `npm pack`, the icons and examples, the doc's own tables), and
// this test fails when the doc says another number (a count written by hand went stale within a day).
/* eslint-disable @typescript-eslint/no-require-imports */
import * as fs from 'node:fs';
import * as path from 'node:path';

const { DOC, TEMPLATES, builtNodes, sentenceCaseTexts, statusFigures, countFigures, compare, write } = require('../scripts/verification-figures');

const doc: string = fs.readFileSync(DOC, 'utf8');
const figures: Record<string, number | string> = countFigures(doc);

describe('docs/verification.md: its figures are counted', () => {
	test('every sentence that holds a figure is there once, with the counted figure (node scripts/verification-figures.js --write fixes them)', () => {
		expect(compare(doc, figures)).toEqual([]);
	});

	test('the Summary follows the rows: a point that changes status changes the counts it must show', () => {
		for (const page of ['1', '2', '3a', '3b']) expect([page, Number(figures[`p${page}.points`]) > 10]).toEqual([page, true]);
		// One page-2 row from pass to fail: the Summary row of page 2 and page 3a's count of its fails are stale.
		const page2 = doc.slice(doc.indexOf('\n## 2. '), doc.indexOf('\n## 3a. '));
		const row = page2.split('\n').find((line) => line.split('|')[3]?.trim() === 'pass')!;
		const changed = doc.replace(row, row.replace('| pass |', '| fail |'));
		const refigured = { ...figures, ...statusFigures(changed) };
		refigured.uxFails = refigured['p2.fail'];
		const stale = compare(changed, refigured).map((p: { name: string; written: string; counted: string }) => [p.name, p.written, p.counted]);
		expect(stale).toEqual([
			['p2.pass', String(figures['p2.pass']), String(Number(figures['p2.pass']) - 1)],
			['p2.fail', String(figures['p2.fail']), String(Number(figures['p2.fail']) + 1)],
			['uxFails', String(figures.uxFails), String(Number(figures.uxFails) + 1)],
		]);
	});

	test('a stale figure is caught and --write replaces it, leaving the rest of the doc as it was', () => {
		const stale = doc.replace(/Points of page 2 that fail: \d+;/, 'Points of page 2 that fail: 99;');
		expect(stale).not.toBe(doc);
		expect(compare(stale, figures)).toEqual([expect.objectContaining({ name: 'uxFails', written: '99', counted: String(figures.uxFails) })]);
		expect(write(stale, figures)).toBe(doc);
		// A sentence that lost its figure's place is reported, not skipped.
		expect(compare(doc.replace(`All ${figures.svgs} SVGs`, 'All four SVGs'), figures)).toEqual([
			expect.objectContaining({ found: 0 }),
		]);
	});

	test('every figure the templates name is counted', () => {
		const names = TEMPLATES.flatMap((t: string) => [...t.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
		expect(names.filter((name: string) => figures[name] === undefined)).toEqual([]);
	});

	test('what the counted sentences claim beside the figure holds: texts start with a capital, icons are 60 by 60', () => {
		const { nodes, credentials } = builtNodes();
		const texts: string[] = [...sentenceCaseTexts(nodes, credentials)];
		expect(texts.length).toBe(figures.sentenceCaseTexts);
		expect(texts.filter((text) => !/^[A-Z0-9"'`(]/.test(text))).toEqual([]);
		const svgs = (fs.readdirSync(path.join(__dirname, '..', 'nodes'), { recursive: true }) as string[]).filter((f) => f.endsWith('.svg'));
		expect(svgs.length).toBe(figures.svgs);
		for (const svg of svgs) {
			expect([svg, /viewBox="0 0 60 60"/.test(fs.readFileSync(path.join(__dirname, '..', 'nodes', svg), 'utf8'))]).toEqual([svg, true]);
		}
	});
});
