/**
 * Who may register a wait at the SlickText Trigger: only a waiting node that holds the same SlickText
 * credential as the trigger. A registration travels as a JSON text with an HMAC-SHA256 signature keyed
 * with the credential's secrets (legacy: the key pair; current: the brand and its API key), which both
 * sides hold and nobody who merely reaches the trigger's URL sees. The trigger refuses (401) anything
 * unsigned, signed with another key or older than SIGNED_FOR_MS, and keeps nothing of it.
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

function mac(key: string, payload: string): string {
	return `${VERSION}=${createHmac('sha256', key).update(`n8n-nodes-slicktext reply wait\n${payload}`).digest('hex')}`;
}

export interface Signed {
	/** The registration as JSON text: what is signed, byte for byte. */
	payload: string;
	signature: string;
}

/** Signs a registration (or its check), stamped with the time it was made. */
export function sign(key: string, registration: IDataObject, now: number): Signed {
	const payload = JSON.stringify({ ...registration, issuedAt: now });
	return { payload, signature: mac(key, payload) };
}

export type Opened = { ok: true; value: IDataObject } | { ok: false; reason: string };

/** Checks a signed registration and reads it; the reason says why it is refused. */
export function open(key: string, signed: { payload: unknown; signature: unknown }, now: number): Opened {
	if (typeof signed.payload !== 'string' || typeof signed.signature !== 'string') return { ok: false, reason: 'the wait is not signed' };
	if (key === '') return { ok: false, reason: 'the trigger has no credential to check the signature with' };
	const expected = Buffer.from(mac(key, signed.payload));
	const given = Buffer.from(signed.signature);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
		return { ok: false, reason: 'the signature does not match this credential' };
	}
	let value: unknown;
	try {
		value = JSON.parse(signed.payload);
	} catch {
		return { ok: false, reason: 'the wait is not JSON' };
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'the wait is not an object' };
	const issuedAt = (value as IDataObject).issuedAt;
	if (typeof issuedAt !== 'number' || Math.abs(now - issuedAt) > SIGNED_FOR_MS) {
		return { ok: false, reason: 'the signature has expired' };
	}
	return { ok: true, value: value as IDataObject };
}
