// Prints fresh keys as .env lines (for docker compose): the ES256 pair for access tokens and the
// AES-256 key with which identity seals mailed one-time tokens for notification.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const { privateKey, publicKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const oneLine = (pem) => pem.trim().replaceAll('\n', '\\n');
console.log(`JWT_PRIVATE_KEY="${oneLine(privateKey)}"`);
console.log(`JWT_PUBLIC_KEY="${oneLine(publicKey)}"`);
console.log(`MAIL_TOKEN_KEY="${randomBytes(32).toString('base64')}"`);
