/**
 * Who may register a wait at the SlickText Trigger, or hand it a person's run: only a node that holds the
 * same SlickText credential as the trigger. Either travels as a JSON text with an HMAC-SHA256 signature
 * keyed with the credential's secrets (legacy: the key pair; current: the brand and its API key), which
 * both sides hold and nobody who merely reaches the trigger's URL sees. The trigger refuses (401)
 * anything unsigned, signed with another key or older than SIGNED_FOR_MS, and keeps nothing of it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Platform } from '../platform';

/** How long a signed registration is taken (both ways, for clocks a little apart). */
export const SIGNED_FOR_MS = 5 * 60 * 1000;

const VERSION = 'v1';

/**
 * The signing key of a credential: the values that make it this account's (or brand's) key, never sent.
 * Empty when the credential lacks them: nothing can be signed or checked then.
 */
export function signingKeyOf(platform: Platform, credentials: IDataObject | undefined): string {
	if (!credentials) return '';
	const text = (value: unknown) => String(value ?? '').trim();
	if (platform === 'legacy') {
		const [publicKey, privateKey] = [text(credentials.publicKey), text(credentials.privateKey)];
		return publicKey !== '' && privateKey !== '' ? `legacy\n${publicKey}\n${privateKey}` : '';
	}
	const [brand, apiKey] = [text(credentials.brandId).replace(/^b/i, ''), text(credentials.apiKey)];
	return brand !== '' && apiKey !== '' ? `current\n${brand}\n${apiKey}` : '';
}

/**
 * What a signature is for: a registration of a wait, or a hand-out (an item the trigger starts a run
 * with). Part of what is signed, so that one is never taken for the other.
 */
export type Purpose = 'wait' | 'hand-out';
const CONTEXT: Record<Purpose, string> = { wait: 'reply wait', 'hand-out': 'hand-out' };

function mac(key: string, payload: string, purpose: Purpose): string {
	return `${VERSION}=${createHmac('sha256', key).update(`n8n-nodes-slicktext ${CONTEXT[purpose]}\n${payload}`).digest('hex')}`;
}

export interface Signed {
	/** The registration as JSON text: what is signed, byte for byte. */
	payload: string;
	signature: string;
}

/** Signs a registration (or its check), or a hand-out, stamped with the time it was made. */
export function sign(key: string, value: IDataObject, now: number, purpose: Purpose = 'wait'): Signed {
	const payload = JSON.stringify({ ...value, issuedAt: now });
	return { payload, signature: mac(key, payload, purpose) };
}

export type Opened = { ok: true; value: IDataObject } | { ok: false; reason: string };

/**
 * Checks a signed registration (or hand-out) and reads it; the reason says why it is refused. `now`
 * undefined checks the signature alone: a hand-out the trigger took in time, read again in its run.
 */
export function open(key: string, signed: { payload: unknown; signature: unknown }, now: number | undefined, purpose: Purpose = 'wait'): Opened {
	const what = purpose === 'wait' ? 'the wait' : 'the hand-out';
	if (typeof signed.payload !== 'string' || typeof signed.signature !== 'string') return { ok: false, reason: `${what} is not signed` };
	if (key === '') return { ok: false, reason: 'the trigger has no credential to check the signature with' };
	const expected = Buffer.from(mac(key, signed.payload, purpose));
	const given = Buffer.from(signed.signature);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		return { ok: false, reason: 'the signature does not match this credential' };
	}
	let value: unknown;
	try {
		value = JSON.parse(signed.payload);
	} catch {
		return { ok: false, reason: `${what} is not JSON` };
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: `${what} is not an object` };
	const issuedAt = (value as IDataObject).issuedAt;
	if (now !== undefined && (typeof issuedAt !== 'number' || Math.abs(now - issuedAt) > SIGNED_FOR_MS)) {
		return { ok: false, reason: 'the signature has expired' };
	}
	return { ok: true, value: value as IDataObject };
}
