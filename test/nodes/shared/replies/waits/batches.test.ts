// Many calls of n8n's public API made as one (batches.ts): who makes each batch, and what goes in it.
import { Batches } from '../../../../../nodes/shared/replies/waits/batches';

/** A caller (a run or a request) that records the batches made through it. */
const caller = (name: string) => ({ name, made: [] as number[][] });
type Caller = ReturnType<typeof caller>;

describe('Batches', () => {
	it('a batch goes through the caller of its first item, so no caller is held past its own calls', async () => {
		let release = () => {};
		const held = new Promise<void>((resolve) => (release = resolve));
		const batches = new Batches<number, number, Caller>(async (items, by) => {
			by.made.push(items);
			if (items[0] === 1) await held;
			return items.map((item) => item * 10);
		}, 50);
		const [a, b, c] = [caller('a'), caller('b'), caller('c')];
		const first = batches.do(1, a);
		// While the first batch is under way, the next calls gather: b's first, so b makes that batch.
		const next = [batches.do(2, b), batches.do(3, c), batches.do(4, a)];
		release();
		expect(await first).toBe(10);
		expect(await Promise.all(next)).toEqual([20, 30, 40]);
		expect([a.made, b.made, c.made]).toEqual([[[1]], [[2, 3, 4]], []]);
	});

	it("a batch's failure fails its own calls only", async () => {
		const batches = new Batches<number, number, Caller>(async (items) => {
			if (items.includes(1)) throw new Error('n8n answered 503');
			return items;
		}, 2);
		const a = caller('a');
		// 1 goes at once, alone; 2 and 3 gather meanwhile and go together.
		const outcomes = await Promise.allSettled([batches.do(1, a), batches.do(2, a), batches.do(3, a)]);
		expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
		expect((outcomes[0] as PromiseRejectedResult).reason).toEqual(new Error('n8n answered 503'));
	});
});
