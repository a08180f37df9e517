// The example workflows as files: a webhook that reaches a SlickText node requires n8n's Header Auth,
// and no webhook carries a fixed ID or path (an import by command line or API would keep it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Node {
	name: string;
	type: string;
	webhookId?: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string }>;
}
interface Workflow {
	name: string;
	nodes: Node[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const dir = path.join(__dirname, '..', 'examples');
const examples: Workflow[] = readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort()
	.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));

/** Names of every node reachable from a node. */
function downstream(wf: Workflow, start: string): Set<string> {
	const seen = new Set<string>();
	const queue = [start];
	while (queue.length) {
		for (const branch of wf.connections[queue.shift()!]?.main ?? []) {
			for (const { node } of branch) if (!seen.has(node)) queue.push(node), seen.add(node);
		}
	}
	return seen;
}

describe('example workflows', () => {
	const webhooks = examples.flatMap((wf) =>
		wf.nodes.filter((n) => n.type === 'n8n-nodes-base.webhook' || n.type.endsWith('.slickTextTrigger')).map((n) => ({ wf, n })),
	);

	it('carry no fixed webhook IDs or paths', () => {
		expect(webhooks.length).toBeGreaterThanOrEqual(3);
		for (const { wf, n } of webhooks) {
			expect([wf.name, n.name, n.webhookId]).toEqual([wf.name, n.name, undefined]);
			if (n.type === 'n8n-nodes-base.webhook') expect([wf.name, n.parameters.path]).toEqual([wf.name, '']);
		}
	});

	it('require Header Auth on every n8n webhook that leads to a SlickText node', () => {
		const guarded = webhooks.filter(({ n }) => n.type === 'n8n-nodes-base.webhook');
		expect(guarded.map(({ wf }) => wf.name.slice(0, 9))).toEqual(['Example 1', 'Example 2']);
		for (const { wf, n } of guarded) {
			const reaches = [...downstream(wf, n.name)].map((name) => wf.nodes.find((x) => x.name === name)!.type);
			expect(reaches.some((t) => t.startsWith('n8n-nodes-slicktext.'))).toBe(true);
			expect(n.parameters.authentication).toBe('headerAuth');
			expect(n.credentials?.httpHeaderAuth?.id).toBe('slicktextWebhook1');
		}
	});

	it('confirm SlickText Trigger events with SlickText', () => {
		for (const { n } of webhooks.filter(({ n }) => n.type.endsWith('.slickTextTrigger'))) {
			expect(n.parameters).toMatchObject({ platform: 'current', confirmEvents: true });
			expect(n.credentials?.slickTextApi).toBeDefined();
		}
	});
});
