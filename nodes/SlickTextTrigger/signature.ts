import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Whether the legacy `X-Slicktext-Signature` header is the HMAC-MD5 (hex) of one of the signed texts
 * (the `data` text exactly as posted) keyed with the webhook secret. Compared in constant time.
 */
export function signatureMatches(
	header: string | string[] | undefined,
	signedTexts: string[],
	secret: string,
): boolean {
	const given = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
	if (!/^[0-9a-f]{32}$/.test(given)) return false;
	const givenDigest = Buffer.from(given, 'hex');
	let matched = false;
	for (const text of signedTexts) {
		const expected = createHmac('md5', secret).update(text, 'utf8').digest();
		// Every candidate is compared, so the time taken does not tell which one was close.
		if (timingSafeEqual(expected, givenDigest)) matched = true;
	}
	return matched;
}
