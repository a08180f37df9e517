/** Wall time and peak heap growth of one run (heap sampled every 5 ms after a full GC; run with --expose-gc). */
export async function measure<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakHeapMb: number }> {
	const gc = (global as { gc?: () => void }).gc;
	gc?.();
	const base = process.memoryUsage().heapUsed;
	let peak = base;
	const timer = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().heapUsed);
	}, 5);
	const started = process.hrtime.bigint();
	const value = await fn();
	const seconds = Number(process.hrtime.bigint() - started) / 1e9;
	peak = Math.max(peak, process.memoryUsage().heapUsed);
	clearInterval(timer);
	// What the run left behind must not count against the next one.
	gc?.();
	return { value, seconds, peakHeapMb: (peak - base) / 1024 / 1024 };
}
