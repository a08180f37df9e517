import type { IDataObject } from 'n8n-workflow';

import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

const workflows = (): any[] => ctx.sandbox.state.current.brands.get(1001).workflows;
const stored = (id: number) => workflows().find((w) => w.workflow_id === id);
const withActive = (active: number) => workflows().find((w) => w.active === active);
const rl = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: IDataObject[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'workflow', ...parameters }, credentials: creds(), items });
}

describe('\'Workflow\': Get', () => {
	test('sends GET /workflows/{id} and outputs the workflow', async () => {
		const workflow = workflows()[1];
		const result = await run({ operation: 'get', workflowId: rl('list', String(workflow.workflow_id)) });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/workflows/${workflow.workflow_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([workflow]);
	});

	test('an unknown workflow fails with a not-found error that names it', async () => {
		const result = await run({ operation: 'get', workflowId: rl('id', '31337') });
		expect(result.error?.message).toBe('Workflow 31337 was not found [item 0]');
		expect(sent(ctx.sandbox)[0].status).toBe(404);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', workflowId: rl('id', '={{ "welcome" }}') });
		expect(result.error?.message).toBe('\'Workflow\': must be a number, got "welcome" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Workflow\': Get Many', () => {
	test('Return All asks for pages of 10000 and outputs every workflow', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/workflows`);
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(workflows());
	});

	test('Limit asks for that many and outputs no more', async () => {
		const result = await run({ operation: 'getAll', limit: 1 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '1', offset: '0' });
		expect(result.json).toEqual([workflows()[0]]);
	});

	test.each([
		['Active', 1],
		['Inactive', 0],
	])('the %s filter sends active=%d', async (_name, active) => {
		const expected = workflows().filter((w) => w.active === active);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(workflows().length);
		const result = await run({ operation: 'getAll', returnAll: true, filters: { active } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '10000', offset: '0', active: String(active) });
		expect(result.json).toEqual(expected);
	});
});

describe('\'Workflow\': Update', () => {
	test('sends PUT with the fields set and outputs the updated workflow', async () => {
		const workflow = workflows().find((w) => w.entry_rule === 'once');
		const result = await run({
			operation: 'update',
			workflowId: rl('id', String(workflow.workflow_id)),
			updateFields: { name: 'Welcome (new)', description: 'Two texts', entry_rule: 'oneAtTime' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/workflows/${workflow.workflow_id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ name: 'Welcome (new)', description: 'Two texts', entry_rule: 'oneAtTime' });
		expect(stored(workflow.workflow_id)).toMatchObject({
			name: 'Welcome (new)',
			description: 'Two texts',
			entry_rule: 'oneAtTime',
		});
		expect(result.json).toEqual([stored(workflow.workflow_id)]);
	});

	test('onceInTime goes with its time value and unit', async () => {
		const workflow = workflows().find((w) => w.entry_rule === 'multiple');
		const result = await run({
			operation: 'update',
			workflowId: rl('id', String(workflow.workflow_id)),
			updateFields: { entry_rule: 'onceInTime', entry_rule_time_value: 12, entry_rule_time_unit: 'hour' },
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({
			entry_rule: 'onceInTime',
			entry_rule_time_value: 12,
			entry_rule_time_unit: 'hour',
		});
		expect(stored(workflow.workflow_id)).toMatchObject({
			entry_rule: 'onceInTime',
			entry_rule_time_value: 12,
			entry_rule_time_unit: 'hour',
		});
		expect(result.json[0]).toMatchObject({ workflow_id: workflow.workflow_id, entry_rule: 'onceInTime' });
	});

	test('onceInTime without a time value fails before any request, naming the field', async () => {
		const result = await run({
			operation: 'update',
			workflowId: rl('id', String(workflows()[0].workflow_id)),
			updateFields: { entry_rule: 'onceInTime', entry_rule_time_unit: 'day' },
		});
		expect(result.error?.message).toBe(
			'\'Entry Rule Time Value\': is required when \'Entry Rule\' is "Once in a Time Window" [item 0]',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('onceInTime without a time unit fails before any request, naming the field', async () => {
		const result = await run({
			operation: 'update',
			workflowId: rl('id', String(workflows()[0].workflow_id)),
			updateFields: { entry_rule: 'onceInTime', entry_rule_time_value: 3 },
		});
		expect(result.error?.message).toBe(
			'\'Entry Rule Time Unit\': is required when \'Entry Rule\' is "Once in a Time Window" [item 0]',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a time value that is not a whole number fails before any request', async () => {
		const result = await run({
			operation: 'update',
			workflowId: rl('id', '1'),
			updateFields: { entry_rule: 'onceInTime', entry_rule_time_value: '={{ "two" }}', entry_rule_time_unit: 'day' },
		});
		expect(result.error?.message).toBe('\'Entry Rule Time Value\': must be a whole number of at least 1, got "two" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', workflowId: rl('id', '1'), updateFields: {} });
		expect(result.error?.message).toBe(
			'\'Update Fields\': set at least one of \'Name\', \'Description\', \'Entry Rule\', \'Entry Rule Time Value\', \'Entry Rule Time Unit\' [item 0]',
		);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'update', workflowId: rl('id', '={{ "1.5" }}'), updateFields: { name: 'x' } });
		expect(result.error?.message).toBe('\'Workflow\': must be a number, got "1.5" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe.each([
	['activate', 1, 0],
	['deactivate', 0, 1],
])('\'Workflow\': %s', (operation, active, from) => {
	test(`sends PUT {active: ${active}} and the workflow becomes ${active ? 'active' : 'inactive'}`, async () => {
		const workflow = withActive(from);
		const { name, entry_rule } = workflow;
		const stampField = active ? 'last_activated' : 'last_deactivated';
		const previousStamp = workflow[stampField];
		const result = await run({ operation, workflowId: rl('list', String(workflow.workflow_id)) });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/workflows/${workflow.workflow_id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ active });
		expect(stored(workflow.workflow_id)).toMatchObject({ active, name, entry_rule });
		expect(stored(workflow.workflow_id)[stampField]).not.toBe(previousStamp);
		expect(result.json).toEqual([stored(workflow.workflow_id)]);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation, workflowId: rl('id', '={{ "abc" }}') });
		expect(result.error?.message).toBe('\'Workflow\': must be a number, got "abc" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Workflow\': Delete', () => {
	test('sends DELETE, outputs {deleted, workflow_id} and removes the workflow', async () => {
		const workflow = workflows()[2];
		const before = workflows().length;
		const result = await run({ operation: 'delete', workflowId: rl('id', String(workflow.workflow_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/workflows/${workflow.workflow_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, workflow_id: workflow.workflow_id }]);
		expect(workflows()).toHaveLength(before - 1);
		expect(stored(workflow.workflow_id)).toBeUndefined();
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'delete', workflowId: rl('id', '={{ "-1" }}') });
		expect(result.error?.message).toBe('\'Workflow\': must be a number, got "-1" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Workflow\': From List', () => {
	test('searchWorkflows offers the workflows by name and id', async () => {
		const found = (await loadOptions({ type: 'slickText', method: 'searchWorkflows', kind: 'listSearch', credentials: creds() })) as any;
		expect(found.results).toEqual(workflows().map((w) => ({ name: w.name, value: String(w.workflow_id) })));
	});
});
