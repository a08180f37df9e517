// What a node keeps in the process's memory per workflow node (perScope.ts): one value per scope, made once.
import { PerScope } from '../../../nodes/shared/perScope';

describe('PerScope', () => {
	it('makes a scope its value on first use and keeps it; other scopes get their own', () => {
		let made = 0;
		const memories = new PerScope(() => ({ n: ++made, keys: new Set<string>() }));
		expect(memories.get('workflow-1 node-a')).toBeUndefined();
		memories.of('workflow-1 node-a').keys.add('event-1');
		expect(memories.of('workflow-1 node-a')).toEqual({ n: 1, keys: new Set(['event-1']) });
		expect(memories.get('workflow-1 node-a')).toBe(memories.of('workflow-1 node-a'));
		expect(memories.of('workflow-2 node-a')).toEqual({ n: 2, keys: new Set() });
		expect(made).toBe(2);
	});
});
