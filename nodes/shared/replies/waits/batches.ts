import { sleep } from 'n8n-workflow';

/**
 * Many calls made as one (a group commit): the first call goes at once (or after `gatherMs`, with the
 * calls that came meanwhile), and the calls that come while it is under way go together in the next.
 * Under a burst of replies, every call of n8n's public API costs the main process an authenticated
 * request and a few statements, so fifty replies read and kept in two calls are answered to SlickText in
 * time where fifty calls each were not (docs/performance.md).
 *
 * Each call brings its caller (`by`, the run or request asking): a batch is made through the caller of
 * its first item, so that no request's context is kept past its own calls, and an error names a caller
 * of the batch.
 */
export class Batches<I, O, C> {
	private waiting: Array<{ item: I; by: C; resolve(out: O): void; reject(error: unknown): void }> = [];
	private busy = false;

	/**
	 * `run` answers each item of a batch, in order, through the caller of its first item; `most`: items in one batch at most; `gatherMs`: how
	 * long the first call waits for others (less once a batch is full), for calls that nobody waits on to
	 * answer SlickText.
	 */
	constructor(
		private readonly run: (items: I[], by: C) => Promise<O[]>,
		private readonly most: number,
		private readonly gatherMs: () => number = () => 0,
	) {}

	do(item: I, by: C): Promise<O> {
		return this.all([item], by).then(([out]) => out);
	}

	/** Several items that go in one batch (unless it is full). */
	all(items: I[], by: C): Promise<O[]> {
		const outs = items.map((item) => new Promise<O>((resolve, reject) => this.waiting.push({ item, by, resolve, reject })));
		if (!this.busy) void this.flush();
		return Promise.all(outs);
	}

	private async flush(): Promise<void> {
		this.busy = true;
		// In steps of 10 ms, so that a full batch goes within 10 ms and no timer outlives the wait.
		const gather = this.gatherMs();
		const start = Date.now();
		while (this.waiting.length < this.most && Date.now() - start < gather) await sleep(Math.min(10, gather));
		while (this.waiting.length > 0) {
			const batch = this.waiting.splice(0, this.most);
			try {
				const out = await this.run(
					batch.map((b) => b.item),
					batch[0].by,
				);
				batch.forEach((b, index) => b.resolve(out[index]));
			} catch (error) {
				batch.forEach((b) => b.reject(error));
			}
		}
		this.busy = false;
	}
}
