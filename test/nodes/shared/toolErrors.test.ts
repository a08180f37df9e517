/* eslint-disable @typescript-eslint/no-explicit-any */
import { runNode } from '../../helpers/engine';
import { useSandbox } from '../../helpers/sandbox';

// An AI agent gets a failed tool call's message only. The message itself must say what to do,
// without "[item 0]" and without any key.

const ctx = useSandbox();

const create = (type: string, mobileNumber: string, credentials: object = {}) =>
	runNode({
		type,
		parameters: { resource: 'contact', operation: 'create', mobileNumber },
		credentials: { slickTextApi: ctx.sandbox.currentCredentials(credentials) },
	});

test('a bad number: the tool message carries the hint, without the item index; nothing is sent', async () => {
	const result = await create('slickTextTool', '={{ "555-0100" }}');
	expect(result.error?.message).toBe(
		'\'Mobile Number\': "555-0100" has fewer than 10 digits. Give the whole number with its area code, and + and the country code outside the US, for example +16175551234.',
	);
	expect(ctx.sandbox.requests).toHaveLength(0);
});

test('in the node the message names the item as before', async () => {
	const result = await create('slickText', '={{ "555-0100" }}');
	expect(result.error?.message).toBe('\'Mobile Number\': "555-0100" has fewer than 10 digits [item 0]');
});

test('a wrong key: the tool message has the status, SlickText\'s reason and what to check, never the key', async () => {
	const result = await create('slickTextTool', '+16175550111', { apiKey: 'sk-live-WRONG-KEY-123' });
	const error = result.error as any;
	expect(error.message).toMatch(/^Forbidden \(HTTP 403\)\. SlickText said: .+ Check the 'API Key' and the 'Brand ID'/);
	expect(error.httpCode).toBe('403');
	expect(JSON.stringify(error)).not.toContain('sk-live-WRONG-KEY-123');
});

test('a number that exists already: SlickText\'s answer reaches the model', async () => {
	const existing = ctx.sandbox.state.current.brands.get?.(1001)?.contacts?.[0] ?? ctx.sandbox.state.current.brands[1001].contacts[0];
	const result = await create('slickTextTool', existing.mobile_number);
	expect(result.error?.message).toMatch(/\(HTTP (409|422|400)\)\. SlickText said: /);
	expect(result.error?.message).not.toMatch(/\[item/);
});

describe('Contact > Create hints', () => {
	test('a number that exists already suggests Create or Update, in the node\'s description and the tool\'s message', async () => {
		const existing = ctx.sandbox.state.current.brands.get?.(1001)?.contacts?.[1] ?? ctx.sandbox.state.current.brands[1001].contacts[1];
		const node = (await create('slickText', existing.mobile_number)).error as any;
		expect(node.httpCode).toBe('422');
		expect(node.message).not.toMatch(/Create or Update/);
		expect(node.description).toMatch(/use the operation Create or Update/);
		const tool = (await create('slickTextTool', existing.mobile_number)).error as any;
		expect(tool.message).toMatch(/use the operation Create or Update/);
	});

	test('a double opt-in create says the contact is pending confirmation', async () => {
		const result = await runNode({
			type: 'slickText',
			parameters: { resource: 'contact', operation: 'create', mobileNumber: '+16175550177', additionalFields: { forceDoubleOptIn: true } },
			credentials: { slickTextApi: ctx.sandbox.currentCredentials() },
		});
		expect(result.json[0]).toMatchObject({ opt_in_status: 'not subscribed', double_opt_in_pending: true, note: expect.stringMatching(/^Pending: /) });
		const plain = await create('slickText', '+16175550178');
		expect(plain.json[0].double_opt_in_pending).toBeUndefined();
	});
});
