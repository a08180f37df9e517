'use strict';
// --tls: the sandbox over HTTPS, as SlickText is, so that a client pays a real TLS handshake for every
// new connection. The certificate is self-signed for 127.0.0.1 and localhost, made at start with the
// system's openssl (no npm dependency) in a temporary folder that stop() removes.

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** A fresh key and self-signed certificate: their PEM text and the certificate's path (for --cacert). */
function selfSignedCertificate() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slicktext-sandbox-tls-'));
	const keyPath = path.join(dir, 'key.pem');
	const certPath = path.join(dir, 'cert.pem');
	// ECDSA P-256, as most API front ends serve today (cheaper for the server than RSA, which shares the
	// benchmark's CPU here).
	// prettier-ignore
	execFileSync('openssl', [
		'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
		'-keyout', keyPath, '-out', certPath, '-days', '7', '-subj', '/CN=127.0.0.1',
		'-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
	], { stdio: 'ignore' });
	return {
		key: fs.readFileSync(keyPath, 'utf8'),
		cert: fs.readFileSync(certPath, 'utf8'),
		certPath,
		remove: () => fs.rmSync(dir, { recursive: true, force: true }),
	};
}

module.exports = { selfSignedCertificate };
