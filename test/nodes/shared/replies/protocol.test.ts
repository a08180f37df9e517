// What counts as a reply, an approval, an opt-out and whose it is, and how registrations are signed
// (nodes/shared/replies/protocol.ts and signing.ts): plain functions, without n8n.
import type { IDataObject } from 'n8n-workflow';

import { approvalOf, isStopWord, numberKey, personKey, readRegistration, replyOf, wordList } from '../../../../nodes/shared/replies/protocol';
import { open, sign, SIGNED_FOR_MS, signingKeyOf } from '../../../../nodes/shared/replies/signing';

describe('words', () => {
	it('compares answers without case, spaces or punctuation around them', () => {
		const yes = wordList('YES, Y, ok ');
		expect(yes).toEqual(['YES', 'Y', 'OK']);
		expect(approvalOf(' yes!', yes, ['NO'])).toBe(true);
		expect(approvalOf('Ok.', yes, ['NO'])).toBe(true);
		expect(approvalOf('no', yes, ['NO'])).toBe(false);
		expect(approvalOf('yes please', yes, ['NO'])).toBeUndefined();
	});

	it.each(['STOP', 'stop', ' Stop. ', 'STOP ALL', 'unsubscribe', 'Cancel', 'end', 'QUIT', 'revoke', 'opt out', 'Opt-Out'])('"%s" opts out', (text) => {
		expect(isStopWord(text)).toBe(true);
	});

	it.each(['stop by at 5', 'YES', 'please stop texting me now', ''])('"%s" does not', (text) => {
		expect(isStopWord(text)).toBe(false);
	});
});

describe('whose reply', () => {
	it('keys a number as + and digits, a US number with its country code', () => {
		expect(numberKey('(617) 555-0100')).toBe('+16175550100');
		expect(numberKey('+44 7911 123456')).toBe('+447911123456');
		expect(numberKey('')).toBe('');
		expect(personKey('current', { brandId: 'b1001', contactId: 12 })).toBe('1001:12');
	});

	it('reads a legacy chat message and an opt-out', () => {
		const chat = { Event: 'ChatMessageRecieved', ChatMessage: { FromNumber: '+16175550100', Body: 'YES', MediaUrl: 'https://x/y.jpg', Received: '2026-11-25 10:00:00' } };
		expect(replyOf('legacy', 'ChatMessageRecieved', chat)).toEqual({
			person: '+16175550100', text: 'YES', mediaUrl: 'https://x/y.jpg', from: '+16175550100', contactId: '', receivedAt: '2026-11-25T10:00:00-08:00', optedOut: false, message: true, verified: false,
		});
		const optOut = { Event: 'OptOut', Subscriber: { id: '7', number: '6175550100' }, DateOptedOut: '2026-11-25 10:01:00' };
		expect(replyOf('legacy', 'OptOut', optOut)).toMatchObject({ person: '+16175550100', optedOut: true, message: false });
		expect(replyOf('legacy', 'NewSubscriber', { Subscriber: { number: '+16175550100' } })).toBeUndefined();
	});

	it("reads a current inbox message of the contact (not the brand's own answer) and an unsubscribe", () => {
		const data = (extra: IDataObject) => ({ name: 'x', date: '2026-11-25 10:00:00', data: { contact_id: 12, _brand_id: 1001, ...extra } });
		expect(replyOf('current', 'inbox_message_received', data({ last_message: 'C', last_message_direction: 'incoming' }))).toMatchObject({ person: '1001:12', text: 'C', optedOut: false, message: true });
		// Times with their offset, as n8n's nodes put them out: current timestamps are UTC, legacy ones Pacific.
		expect(replyOf('current', 'inbox_message_received', data({ last_message: 'C', last_message_direction: 'incoming' }))?.receivedAt).toBe('2026-11-25T10:00:00Z');
		expect(replyOf('legacy', 'ChatMessageRecieved', { ChatMessage: { FromNumber: '+16175550100', Body: 'x', Received: '2026-07-04 09:30:00' } })?.receivedAt).toBe('2026-07-04T09:30:00-07:00');
		expect(replyOf('legacy', 'ChatMessageRecieved', { ChatMessage: { FromNumber: '+16175550100', Body: 'x', Received: 'yesterday' } })?.receivedAt).toBe('yesterday');
		expect(replyOf('current', 'inbox_message_received', data({ last_message: 'On my way', last_message_direction: 'outgoing' }))).toBeUndefined();
		expect(replyOf('current', 'contact_updated', data({ opt_in_status: 'unsubscribed' }))).toMatchObject({ person: '1001:12', optedOut: true, message: false });
		expect(replyOf('current', 'contact_updated', data({ opt_in_status: 'subscribed' }))).toBeUndefined();
	});

	it('reads a registration, and says why one is not', () => {
		const r = { platform: 'legacy', person: '+16175550100', resumeUrl: 'http://n8n/webhook-waiting/1/a', since: 1, until: 0, sent: { messageId: 3 } };
		expect(readRegistration(r)).toEqual(r);
		expect(readRegistration({ ...r, resumeUrl: 'javascript:x' })).toBe('the address of the wait is missing');
		expect(readRegistration({ Event: 'OptOut' })).toBe('the platform is missing');
	});
});

describe('signed registrations', () => {
	const legacyKey = signingKeyOf('legacy', { publicKey: 'pub_a', privateKey: 'secret-a' });
	const now = Date.now();

	it('opens what the same credential signed, and nothing else', () => {
		const signed = sign(legacyKey, { platform: 'legacy', person: '+16175550100' }, now);
		expect(open(legacyKey, signed, now + 1000)).toEqual({ ok: true, value: { platform: 'legacy', person: '+16175550100', issuedAt: now } });
		// Another key pair, another private key of the same public key, the current platform's key.
		for (const other of [
			signingKeyOf('legacy', { publicKey: 'pub_b', privateKey: 'secret-a' }),
			signingKeyOf('legacy', { publicKey: 'pub_a', privateKey: 'secret-b' }),
			signingKeyOf('current', { brandId: 'b1001', apiKey: 'secret-a' }),
		]) {
			expect(open(other, signed, now)).toEqual({ ok: false, reason: 'the signature does not match this credential' });
		}
	});

	it('refuses an unsigned, altered, expired or unreadable one, and checks nothing without a key', () => {
		const signed = sign(legacyKey, { person: '+16175550100' }, now);
		expect(open(legacyKey, { payload: { person: '+16175550100' }, signature: undefined }, now)).toEqual({ ok: false, reason: 'the wait is not signed' });
		expect(open(legacyKey, { ...signed, payload: signed.payload.replace('0100', '0199') }, now).ok).toBe(false);
		expect(open(legacyKey, signed, now + SIGNED_FOR_MS + 1)).toEqual({ ok: false, reason: 'the signature has expired' });
		expect(open(legacyKey, sign(legacyKey, { person: 'x' }, now + SIGNED_FOR_MS + 1), now)).toEqual({ ok: false, reason: 'the signature has expired' });
		expect(open('', signed, now)).toEqual({ ok: false, reason: 'the trigger has no credential to check the signature with' });
		expect(signingKeyOf('current', { brandId: '', apiKey: 'k' })).toBe('');
		expect(signingKeyOf('current', { brandId: 'b1001', apiKey: 'k' })).toBe(signingKeyOf('current', { brandId: '1001', apiKey: 'k' }));
	});
});
