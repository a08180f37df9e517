// What counts as a reply, an approval, an opt-out and whose it is, and how the trigger keeps waits
// (nodes/shared/replies/protocol.ts and registry.ts): plain functions, without n8n.
import type { IDataObject } from 'n8n-workflow';

import { approvalOf, isStopWord, numberKey, personKey, readRegistration, replyOf, wordList } from '../../../../nodes/shared/replies/protocol';
import { addWait, endWait, MAX_WAITS, MAX_WAITS_PER_PERSON, openWaitCount, waitsFor, WAITS_FIELD } from '../../../../nodes/shared/replies/registry';
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
			person: '+16175550100', text: 'YES', mediaUrl: 'https://x/y.jpg', from: '+16175550100', contactId: '', receivedAt: '2026-11-25 10:00:00', optedOut: false, message: true, verified: false,
		});
		const optOut = { Event: 'OptOut', Subscriber: { id: '7', number: '6175550100' }, DateOptedOut: '2026-11-25 10:01:00' };
		expect(replyOf('legacy', 'OptOut', optOut)).toMatchObject({ person: '+16175550100', optedOut: true, message: false });
		expect(replyOf('legacy', 'NewSubscriber', { Subscriber: { number: '+16175550100' } })).toBeUndefined();
	});

	it("reads a current inbox message of the contact (not the brand's own answer) and an unsubscribe", () => {
		const data = (extra: IDataObject) => ({ name: 'x', date: '2026-11-25 10:00:00', data: { contact_id: 12, _brand_id: 1001, ...extra } });
		expect(replyOf('current', 'inbox_message_received', data({ last_message: 'C', last_message_direction: 'incoming' }))).toMatchObject({ person: '1001:12', text: 'C', optedOut: false, message: true });
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

describe("the trigger's waits", () => {
	// Times near now: what n8n saves is pruned by the real clock.
	const t0 = Date.now();
	const wait = (n: number, person = '+16175550100', extra: IDataObject = {}) =>
		({ platform: 'legacy' as const, person, resumeUrl: `http://n8n/webhook-waiting/${n}/a`, since: t0 + n, until: 0, sent: {}, ...extra });

	it('lists the open waits for a person oldest first, and a taken one no more', () => {
		const staticData: IDataObject = {};
		addWait('w1', staticData, wait(2), t0 + 5000);
		addWait('w1', staticData, wait(1), t0 + 5000);
		addWait('w1', staticData, wait(3, '+16175550999'), t0 + 5000);
		const open = waitsFor('w1', staticData, '+16175550100', t0 + 5000);
		expect(open.map(([, w]) => w.r)).toEqual(['http://n8n/webhook-waiting/1/a', 'http://n8n/webhook-waiting/2/a']);
		endWait('w1', staticData, open[0][0], t0 + 6000);
		expect(waitsFor('w1', staticData, '+16175550100', t0 + 6000).map(([, w]) => w.r)).toEqual(['http://n8n/webhook-waiting/2/a']);
	});

	it('another process learns the stored waits, and a copy saved before a wait was taken does not bring it back', () => {
		const stored: IDataObject = {};
		addWait('w2-a', stored, wait(1), t0 + 5000);
		const saved = JSON.parse(JSON.stringify(stored));
		// Another process (or after a restart) knows the wait from the database.
		expect(waitsFor('w2-b', JSON.parse(JSON.stringify(saved)), '+16175550100', t0 + 5000)).toHaveLength(1);
		// The first process takes it, then reads an older copy again.
		const [[id]] = waitsFor('w2-a', stored, '+16175550100', t0 + 5000);
		endWait('w2-a', stored, id, t0 + 6000);
		expect(waitsFor('w2-a', JSON.parse(JSON.stringify(saved)), '+16175550100', t0 + 7000)).toEqual([]);
		// And what it saves says so.
		expect(JSON.stringify(stored[WAITS_FIELD])).toContain(`"t":${t0 + 6000}`);
	});

	it('forgets a wait past its time limit', () => {
		const staticData: IDataObject = {};
		addWait('w3', staticData, wait(1, '+16175550100', { until: t0 + 9000 }), t0 + 5000);
		expect(waitsFor('w3', staticData, '+16175550100', t0 + 8000)).toHaveLength(1);
		expect(waitsFor('w3', staticData, '+16175550100', t0 + 9001)).toEqual([]);
	});

	it('refuses a new wait past MAX_WAITS open ones, or MAX_WAITS_PER_PERSON for one person, and drops no older wait', () => {
		const staticData: IDataObject = {};
		for (let n = 0; n < MAX_WAITS; n++) expect(addWait('w4', staticData, wait(n, `+1617555${String(n).padStart(4, '0')}`), t0 + 5000)).toBe('added');
		expect(addWait('w4', staticData, wait(MAX_WAITS, '+16175559999'), t0 + 5000)).toMatch(/holds 10000 open waits, its most/);
		expect(openWaitCount('w4')).toBe(MAX_WAITS);
		expect(waitsFor('w4', staticData, '+16175550000', t0 + 5000)).toHaveLength(1);
		// A taken wait makes room.
		const [[id]] = waitsFor('w4', staticData, '+16175550000', t0 + 5000);
		endWait('w4', staticData, id, t0 + 6000);
		expect(addWait('w4', staticData, wait(MAX_WAITS, '+16175559999'), t0 + 6000)).toBe('added');
		// The same wait registered again is known, not another one.
		expect(addWait('w4', staticData, wait(MAX_WAITS, '+16175559999'), t0 + 6000)).toBe('known');

		const one: IDataObject = {};
		for (let n = 0; n < MAX_WAITS_PER_PERSON; n++) expect(addWait('w5', one, wait(n), t0 + 5000)).toBe('added');
		expect(addWait('w5', one, wait(MAX_WAITS_PER_PERSON), t0 + 5000)).toBe(`+16175550100 has ${MAX_WAITS_PER_PERSON} open waits already, the most per person`);
		expect(addWait('w5', one, wait(MAX_WAITS_PER_PERSON + 1, '+16175550101'), t0 + 5000)).toBe('added');
	});
});
