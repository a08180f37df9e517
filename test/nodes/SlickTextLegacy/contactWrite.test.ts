/* eslint-disable @typescript-eslint/no-explicit-any */
import { sent, useSandbox } from '../../helpers/sandbox';
import { asOutput, describeError, expectForm, legacyRunner, legacyState, plain, rl } from './legacy';

const ctx = useSandbox();
const run = legacyRunner(ctx, 'contact');
const state = () => legacyState(ctx);
const NEW_NUMBER = '+16195550000';
const membership = (textword: string, number: string) => `${textword}:${number}`;
const outboxTo = (number: string): any[] => state().outbox.filter((e: any) => e.to.includes(number));

describe('\'Contact\': Opt In', () => {
	test('Double opt-in (the default) posts DOUBLEOPTIN with the message and outputs the pending contact', async () => {
		const message = 'Reply YES for Bluebird deals. Reply STOP to cancel.';
		const result = await run({ operation: 'optIn', textwordId: rl('5401', 'list'), number: NEW_NUMBER, doubleOptInMessage: message });
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expectForm(sent(ctx.sandbox)[0], '/contacts/', {
			action: 'DOUBLEOPTIN',
			textword: '5401',
			number: NEW_NUMBER,
			doubleOptInMessage: message,
		});
		const pending = state().pending.get(membership('5401', NEW_NUMBER));
		expect(pending).toBeDefined();
		expect(result.json).toEqual([asOutput('contact', pending)]);
		expect(result.json[0].subscribedDate).toBeNull();
		expect(outboxTo(NEW_NUMBER)).toEqual([expect.objectContaining({ kind: 'doubleOptIn', body: message })]);
	});

	test('Opt In Silently posts OPTIN with every optional field; the contact joins and gets no text', async () => {
		const result = await run({
			operation: 'optIn',
			textwordId: rl('5401'),
			number: ' +1 (619) 555-0000 ',
			optInMethod: 'OPTIN',
			additionalFields: {
				firstName: 'Ann',
				lastName: 'Lee',
				email: 'ann@example.com',
				city: 'San Diego',
				state: 'CA',
				zipCode: '92101',
				country: 'US',
				birthDate: '1990-05-17T00:00:00',
				customFields: { field: [{ name: 'Favorite Drink', value: 'Mocha' }, { name: 'Visits', value: '3' }] },
			},
		});
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[0], '/contacts/', {
			action: 'OPTIN',
			textword: '5401',
			number: '+1 (619) 555-0000',
			firstName: 'Ann',
			lastName: 'Lee',
			email: 'ann@example.com',
			city: 'San Diego',
			state: 'CA',
			zipCode: '92101',
			country: 'US',
			birthDate: '1990-05-17 00:00:00',
			FavoriteDrink: 'Mocha',
			Visits: '3',
		});
		const contact = state().contactsByMembership.get(membership('5401', NEW_NUMBER));
		expect(contact).toMatchObject({ firstName: 'Ann', birthDate: '1990-05-17 00:00:00', FavoriteDrink: 'Mocha', Visits: '3' });
		expect(result.json).toEqual([asOutput('contact', contact)]);
		expect(outboxTo(NEW_NUMBER)).toEqual([]);
	});

	test('Opt In With Auto Reply posts OPTINWITHAUTOREPLY; the contact gets the auto reply', async () => {
		const result = await run({ operation: 'optIn', textwordId: rl('5402'), number: NEW_NUMBER, optInMethod: 'OPTINWITHAUTOREPLY' });
		expectForm(sent(ctx.sandbox)[0], '/contacts/', { action: 'OPTINWITHAUTOREPLY', textword: '5402', number: NEW_NUMBER });
		const autoReply = state().textwords.find((t: any) => t.id === '5402').autoReply;
		expect(outboxTo(NEW_NUMBER)).toEqual([expect.objectContaining({ kind: 'autoReply', body: autoReply })]);
		expect(result.json).toEqual([expect.objectContaining({ number: NEW_NUMBER, textword: 5402 })]);
	});

	test('a birth date is sent as the date written, without time zone conversion', async () => {
		await run({
			operation: 'optIn',
			textwordId: rl('5401'),
			number: NEW_NUMBER,
			optInMethod: 'OPTIN',
			additionalFields: { birthDate: '1990-05-17T00:00:00.000+09:00' },
		});
		expect((sent(ctx.sandbox)[0].body as any).birthDate).toBe('1990-05-17 00:00:00');
	});

	test.each([
		['a number with fewer than 10 digits', { number: '={{ "12345" }}' }, '\'Mobile Number\': "12345" has fewer than 10 digits [item 0]'],
		['no number', { number: '={{ "" }}' }, '\'Mobile Number\': is required [item 0]'],
		['no textword', { textwordId: rl('={{ "" }}') }, '\'Textword\': is required [item 0]'],
		[
			'a double opt-in message over 160 characters',
			{ doubleOptInMessage: '={{ "x".repeat(161) }}' },
			'\'Double Opt-In Message\': is 161 characters; SlickText allows at most 160 [item 0]',
		],
		['a bad e-mail address', { additionalFields: { email: 'ann@' } }, '\'Email\': "ann@" is not an e-mail address [item 0]'],
		['a birth date that is not a date', { additionalFields: { birthDate: '={{ "May 17th" }}' } }, '\'Birth Date\': "May 17th" is not a date and time [item 0]'],
	])('%s fails before any request', async (_case, parameters, message) => {
		const result = await run({ operation: 'optIn', textwordId: rl('5401'), number: NEW_NUMBER, ...parameters });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	describe('version 2: the message is in Additional Fields (n8n\'s UX guidelines), a version 1 node keeps it at the top', () => {
		const message = 'Reply YES for Bluebird deals. Reply STOP to cancel.';
		test.each([
			['version 2, in Additional Fields', 2, { additionalFields: { doubleOptInMessage: message } }, message],
			// n8n keeps only the fields a node shows: version 2 shows no message at the top, so one there is not sent.
			['version 2, a message at the top is not a field of it', 2, { doubleOptInMessage: message }, undefined],
			['version 1, at the top', 1, { doubleOptInMessage: message }, message],
		])('%s', async (_case, typeVersion, parameters, expected) => {
			const result = await run({ operation: 'optIn', textwordId: rl('5401'), number: NEW_NUMBER, ...parameters }, { typeVersion });
			expect(result.error).toBeUndefined();
			expect((sent(ctx.sandbox)[0].body as any).doubleOptInMessage).toBe(expected);
			expect((sent(ctx.sandbox)[0].body as any).action).toBe('DOUBLEOPTIN');
		});

		test('version 2 checks the length where the message is', async () => {
			const result = await run(
				{ operation: 'optIn', textwordId: rl('5401'), number: NEW_NUMBER, additionalFields: { doubleOptInMessage: '={{ "x".repeat(161) }}' } },
				{ typeVersion: 2 },
			);
			expect(result.error?.message).toBe("'Double Opt-In Message': is 161 characters; SlickText allows at most 160 [item 0]");
			expect(ctx.sandbox.requests).toHaveLength(0);
		});
	});

	test('a double opt-in message of exactly 160 characters is sent', async () => {
		const message = `${'y'.repeat(150)} Reply YES`;
		expect(message).toHaveLength(160);
		const result = await run({ operation: 'optIn', textwordId: rl('5401'), number: NEW_NUMBER, doubleOptInMessage: message });
		expect(result.error).toBeUndefined();
		expect((sent(ctx.sandbox)[0].body as any).doubleOptInMessage).toBe(message);
	});

	test('SlickText refusing an opt-in (already subscribed) fails the item with its message', async () => {
		const existing = state().contacts[0];
		const result = await run({ operation: 'optIn', textwordId: rl(existing.textword), number: existing.number, optInMethod: 'OPTIN' });
		expect(describeError(result.error)).toMatchObject({
			name: 'NodeApiError',
			httpCode: '400',
			message: 'Bad request: Number is already subscribed to this textword. [item 0]',
		});
	});

	test('Continue On Fail: a bad item fails alone, the others are opted in', async () => {
		const result = await run(
			{ operation: 'optIn', textwordId: rl('5401'), number: '={{ $json.phone }}', optInMethod: 'OPTIN' },
			{ items: [{ phone: '123' }, { phone: NEW_NUMBER }], continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].error?.message).toBe('\'Mobile Number\': "123" has fewer than 10 digits [item 0]');
		expect(result.items[1].json).toEqual(expect.objectContaining({ number: NEW_NUMBER, textword: 5401 }));
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect((sent(ctx.sandbox)[0].body as any).number).toBe(NEW_NUMBER);
	});
});

describe('\'Contact\': Update', () => {
	test('by contact ID: posts EDIT with id and the fields, outputs the changed contact', async () => {
		const contact = state().contacts.find((c: any) => c.textword === '5401');
		const result = await run({
			operation: 'update',
			findBy: 'id',
			contactId: rl(contact.id),
			updateFields: { firstName: 'Zed', city: 'Boston', customFields: { field: [{ name: 'FavoriteDrink', value: 'Chai' }] } },
		});
		expect(result.error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expectForm(sent(ctx.sandbox)[0], '/contacts/', { action: 'EDIT', id: contact.id, firstName: 'Zed', city: 'Boston', FavoriteDrink: 'Chai' });
		expect(state().contactsById.get(contact.id)).toMatchObject({ firstName: 'Zed', city: 'Boston', FavoriteDrink: 'Chai' });
		expect(result.json).toEqual([asOutput('contact', state().contactsById.get(contact.id))]);
	});

	test('by textword and number: posts EDIT with textword and number', async () => {
		const contact = state().contacts[2];
		const result = await run({
			operation: 'update',
			findBy: 'textwordAndNumber',
			textwordId: rl(contact.textword),
			number: contact.number,
			updateFields: { email: 'new@example.com', birthDate: '1985-02-03T00:00:00' },
		});
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[0], '/contacts/', {
			action: 'EDIT',
			textword: contact.textword,
			number: contact.number,
			email: 'new@example.com',
			birthDate: '1985-02-03 00:00:00',
		});
		expect(result.json).toEqual([expect.objectContaining({ id: Number(contact.id), email: 'new@example.com', birthDate: '1985-02-03 00:00:00' })]);
	});

	test.each([
		['no contact ID', { findBy: 'id', contactId: rl('={{ "" }}') }, '\'Contact\': is required [item 0]'],
		['no textword', { findBy: 'textwordAndNumber', textwordId: rl('={{ "" }}'), number: '+16195551234' }, '\'Textword\': is required [item 0]'],
		['no number', { findBy: 'textwordAndNumber', textwordId: rl('5401'), number: '={{ "" }}' }, '\'Mobile Number\': is required [item 0]'],
		['a short number', { findBy: 'textwordAndNumber', textwordId: rl('5401'), number: '={{ "619555" }}' }, '\'Mobile Number\': "619555" has fewer than 10 digits [item 0]'],
	])('%s: no way to find the contact, fails before any request', async (_case, target, message) => {
		const result = await run({ operation: 'update', ...target, updateFields: { firstName: 'X' } });
		expect(result.error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	test('nothing to change fails before any request', async () => {
		const result = await run({ operation: 'update', findBy: 'id', contactId: rl('3000001'), updateFields: {} });
		expect(result.error?.message).toBe('\'Update Fields\': add at least one field to change [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Contact\': Opt Out', () => {
	test('posts OPTOUT to /contacts/{id}, outputs {success, id}; the API cannot opt the number in again', async () => {
		const contact = state().contacts[0];
		const result = await run({ operation: 'optOut', contactId: rl(contact.id) });
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[0], `/contacts/${contact.id}`, { action: 'OPTOUT' });
		expect(result.json).toEqual([{ success: true, id: Number(contact.id) }]);
		expect(state().contactsById.has(contact.id)).toBe(false);
		expect(state().optOuts.has(membership(contact.textword, contact.number))).toBe(true);

		const again = await run({ operation: 'optIn', textwordId: rl(contact.textword), number: contact.number, optInMethod: 'OPTIN' });
		expect(describeError(again.error).message).toBe('Bad request: Contact opted out; they must text in to rejoin [item 0]');
	});

	test('a non-numeric ID fails before any request', async () => {
		const result = await run({ operation: 'optOut', contactId: rl('={{ "x" }}') });
		expect(result.error?.message).toBe('\'Contact\': must be a number, got "x" [item 0]');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});

describe('\'Contact\': Delete', () => {
	test('posts DELETE to /contacts/{id}, outputs {success, id}; the number can be opted in again', async () => {
		const contact = state().contacts[1];
		const result = await run({ operation: 'delete', contactId: rl(contact.id) });
		expect(result.error).toBeUndefined();
		expectForm(sent(ctx.sandbox)[0], `/contacts/${contact.id}`, { action: 'DELETE' });
		expect(result.json).toEqual([{ deleted: true, id: Number(contact.id) }]);
		expect(state().contactsById.has(contact.id)).toBe(false);
		expect(state().optOuts.has(membership(contact.textword, contact.number))).toBe(false);

		const again = await run({ operation: 'optIn', textwordId: rl(contact.textword), number: contact.number, optInMethod: 'OPTIN' });
		expect(again.error).toBeUndefined();
		expect(again.json).toEqual([expect.objectContaining({ number: contact.number })]);
	});

	test('an unknown contact fails with a 404 NodeApiError', async () => {
		const result = await run({ operation: 'delete', contactId: rl('1') });
		expect(describeError(result.error)).toMatchObject({ name: 'NodeApiError', httpCode: '404', message: 'Contact 1 was not found [item 0]' });
	});
});
