import type { IDataObject } from 'n8n-workflow';

import { loadOptions, runNode } from '../../helpers/engine';
import { sent, useSandbox } from '../../helpers/sandbox';

const ctx = useSandbox();
const creds = () => ({ slickTextApi: ctx.sandbox.currentCredentials() });
const BRAND = '/v1/brands/1001';
const AUTH = 'Bearer sandbox-api-key';

const brand = (): any => ctx.sandbox.state.current.brands.get(1001);
const fields = (): any[] => brand().customFields;
const stored = (id: number) => fields().find((f) => f.custom_field_id === id);
const byInternal = (name: string) => fields().find((f) => f.internal_name === name);
const rl = (mode: 'id' | 'list', value: string) => ({ __rl: true, mode, value });

async function run(parameters: Record<string, unknown>, items?: IDataObject[]) {
	return await runNode({ type: 'slickText', parameters: { resource: 'customField', ...parameters }, credentials: creds(), items });
}

describe('\'Custom Field\': Create', () => {
	test('sends POST /custom-fields with name, data type and description and outputs the field', async () => {
		const before = fields().length;
		const result = await run({
			operation: 'create',
			name: 'Home Store',
			dataType: 'string',
			additionalFields: { description: 'Store the contact visits most' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`${BRAND}/custom-fields`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ name: 'Home Store', data_type: 'string', description: 'Store the contact visits most' });
		expect(fields()).toHaveLength(before + 1);
		const created = fields()[fields().length - 1];
		expect(created).toMatchObject({ name: 'Home Store', data_type: 'string', description: 'Store the contact visits most' });
		expect(result.json).toEqual([created]);
		expect(result.json[0].internal_name).toEqual(expect.any(String));
	});

	test('sends the chosen data type', async () => {
		const result = await run({ operation: 'create', name: 'Last Visit', dataType: 'date' });
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({ name: 'Last Visit', data_type: 'date' });
		expect(result.json[0]).toMatchObject({ name: 'Last Visit', data_type: 'date' });
		expect(stored(result.json[0].custom_field_id as number).data_type).toBe('date');
	});

	test('a blank name fails before any request', async () => {
		const result = await run({ operation: 'create', name: '={{ "" }}', dataType: 'number' });
		expect(result.error?.message).toBe('\'Name\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Custom Field\': Get', () => {
	test('sends GET /custom-fields/{id} and outputs the field', async () => {
		const field = byInternal('loyalty_points');
		const result = await run({ operation: 'get', customFieldId: rl('list', String(field.custom_field_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`${BRAND}/custom-fields/${field.custom_field_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([field]);
	});

	test('an unknown field fails with a not-found error that names it', async () => {
		const result = await run({ operation: 'get', customFieldId: rl('id', '777') });
		expect(result.error?.message).toBe('Custom field 777 was not found [item 0]');
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'get', customFieldId: rl('id', '={{ "vip" }}') });
		expect(result.error?.message).toBe('\'Custom Field\': must be a number, got "vip" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Custom Field\': Get Many', () => {
	test('Return All asks for pages of 10000 and outputs every field', async () => {
		const result = await run({ operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const requests = sent(ctx.sandbox);
		expect(requests).toHaveLength(1);
		expect(requests[0].method).toBe('GET');
		expect(requests[0].path).toBe(`${BRAND}/custom-fields`);
		expect(requests[0].query).toEqual({ limit: '10000', offset: '0' });
		expect(requests[0].headers.authorization).toBe(AUTH);
		expect(result.json).toEqual(fields());
	});

	test('Limit asks for that many and outputs no more', async () => {
		const result = await run({ operation: 'getAll', limit: 3 });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '3', offset: '0' });
		expect(result.json).toEqual(fields().slice(0, 3));
	});

	test.each(['string', 'boolean', 'date', 'number'])('the data type filter sends data_type=%s', async (dataType) => {
		const expected = fields().filter((f) => f.data_type === dataType);
		expect(expected.length).toBeGreaterThan(0);
		const result = await run({ operation: 'getAll', returnAll: true, filters: { data_type: dataType } });
		expect(sent(ctx.sandbox)[0].query).toEqual({ limit: '10000', offset: '0', data_type: dataType });
		expect(result.json).toEqual(expected);
	});
});

describe('\'Custom Field\': Update', () => {
	test('renaming keeps the internal name; only the fields set are sent', async () => {
		const field = byInternal('favorite_drink');
		const result = await run({
			operation: 'update',
			customFieldId: rl('id', String(field.custom_field_id)),
			updateFields: { name: 'Usual Drink', description: '' },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`${BRAND}/custom-fields/${field.custom_field_id}`);
		expect(request.contentType).toBe('application/json');
		expect(request.headers.authorization).toBe(AUTH);
		expect(request.body).toEqual({ name: 'Usual Drink' });
		expect(stored(field.custom_field_id)).toMatchObject({ name: 'Usual Drink', internal_name: 'favorite_drink' });
		expect(result.json).toEqual([stored(field.custom_field_id)]);
	});

	test('sends a new data type and description', async () => {
		const field = byInternal('loyalty_points');
		const result = await run({
			operation: 'update',
			customFieldId: rl('id', String(field.custom_field_id)),
			updateFields: { data_type: 'string', description: 'Points, as text' },
		});
		expect(result.error).toBeUndefined();
		expect(sent(ctx.sandbox)[0].body).toEqual({ data_type: 'string', description: 'Points, as text' });
		expect(stored(field.custom_field_id)).toMatchObject({ data_type: 'string', description: 'Points, as text' });
	});

	test('nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', customFieldId: rl('id', '1'), updateFields: { name: '={{ " " }}' } });
		expect(result.error?.message).toBe('\'Update Fields\': set at least one of \'Name\', \'Data Type\', \'Description\' [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'update', customFieldId: rl('id', '={{ "x" }}'), updateFields: { name: 'A' } });
		expect(result.error?.message).toBe('\'Custom Field\': must be a number, got "x" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Custom Field\': Delete', () => {
	test('sends DELETE, outputs {deleted, custom_field_id}; the values are gone from every contact', async () => {
		const field = byInternal('favorite_drink');
		const holders = () => brand().contacts.filter((c: any) => c.custom_fields && 'favorite_drink' in c.custom_fields);
		expect(holders().length).toBeGreaterThan(0);
		const result = await run({ operation: 'delete', customFieldId: rl('id', String(field.custom_field_id)) });
		expect(result.error).toBeUndefined();
		const [request] = sent(ctx.sandbox);
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe(`${BRAND}/custom-fields/${field.custom_field_id}`);
		expect(request.headers.authorization).toBe(AUTH);
		expect(result.json).toEqual([{ deleted: true, custom_field_id: field.custom_field_id }]);
		expect(stored(field.custom_field_id)).toBeUndefined();
		expect(holders()).toHaveLength(0);
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'delete', customFieldId: rl('id', '={{ "" }}') });
		expect(result.error?.message).toBe('\'Custom Field\': is required [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Custom Field\': From List', () => {
	test('searchCustomFields offers the fields by name and id', async () => {
		const found = (await loadOptions({ type: 'slickText', method: 'searchCustomFields', kind: 'listSearch', credentials: creds() })) as any;
		expect(found.results).toEqual(fields().map((f) => ({ name: f.name, value: String(f.custom_field_id) })));
	});
});
