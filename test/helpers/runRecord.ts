// Reading the record of a failed run that the nodes' errors carry (nodes/shared/runner/progress.ts).

/** Item numbers as the record lists them: "0, 1, 3-5" or "0-4 (try 1), 6 (try 2)". */
export function itemNumbers(list: string): number[] {
	if (list.trim() === '') return [];
	return list
		.replace(/ \(try \d+\)/g, '')
		.split(', ')
		.flatMap((part) => {
			const [a, b] = part.split('-').map(Number);
			return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
		})
		.sort((a, b) => a - b);
}

/**
 * The item numbers the error lists as done ("Item 0 was already done", "Items 0, 1, 3-5 were already
 * done", "Items 0-4 (try 1), 6 (try 2) were already done (over 2 tries of Retry On Fail)").
 */
export function doneItems(description: string): number[] {
	const match = /Items? (\d[^.:]*?) (?:was|were) already done/.exec(description);
	return match ? itemNumbers(match[1]) : [];
}
