// Prints fresh keys as .env lines (for docker compose): the ES256 pair for access tokens, the
// AES-256 key with which identity seals mailed one-time tokens for notification, the VAPID pair
// notification signs Web Push with, and a password
// per service and the gateway (its PostgreSQL role, NATS user and Redis user in docker-compose.yml).
import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readProcesses } from './lib.mjs';

const { privateKey, publicKey } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const oneLine = (pem) => pem.trim().replaceAll('\n', '\\n');
console.log(`JWT_PRIVATE_KEY="${oneLine(privateKey)}"`);
console.log(`JWT_PUBLIC_KEY="${oneLine(publicKey)}"`);
console.log(`MAIL_TOKEN_KEY="${randomBytes(32).toString('base64')}"`);
// The VAPID pair notification signs Web Push with (base64url; the private key padded to 32 bytes).
const vapid = createECDH('prime256v1');
vapid.generateKeys();
console.log(`VAPID_PUBLIC_KEY="${vapid.getPublicKey().toString('base64url')}"`);
console.log(
  `VAPID_PRIVATE_KEY="${Buffer.from(vapid.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url')}"`,
);
// Letters and digits, starting with a letter: NATS parses a password from its environment as a
// config value (a leading digit would read as a number).
for (const p of readProcesses().filter((p) => p.kind !== 'worker'))
  console.log(`SAATHI_${p.name.toUpperCase()}_PASSWORD="p${randomBytes(24).toString('hex')}"`);
