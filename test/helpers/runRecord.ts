// Reading the record of a failed run that the nodes' errors carry (nodes/shared/runner/progress.ts).

/** The item numbers the error lists as done ("Items already done: 0, 1, 3-5." or "...: 0-4 (try 1), 6 (try 2)."). */
export function doneItems(description: string): number[] {
	const match = /Items already done(?: \(over \d+ tries of Retry On Fail\))?: ([^.]*)\./.exec(description);
	if (!match) return [];
	return match[1]
		.replace(/ \(try \d+\)/g, '')
		.split(', ')
		.flatMap((part) => {
			const [a, b] = part.split('-').map(Number);
			return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
		})
		.sort((a, b) => a - b);
}
