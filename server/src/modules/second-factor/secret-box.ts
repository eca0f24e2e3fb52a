/**
 * Seals TOTP secrets at rest: AES-256-GCM under SECOND_FACTOR_KEY (32 bytes, hex or base64) when the
 * environment sets it, stored as `gcm:<iv>.<tag>.<ciphertext>`; otherwise `plain:<base32>` (the repository
 * has no key mechanism yet: docs/decisions/0027). Opening accepts both, so setting a key later keeps old rows.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(secret: Buffer): string;
  open(sealed: string): Buffer;
}

function parseKey(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('SECOND_FACTOR_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

export function createSecretBox(rawKey: string | undefined = process.env.SECOND_FACTOR_KEY): SecretBox {
  const key = parseKey(rawKey);
  return {
    seal(secret) {
      if (!key) return `plain:${secret.toString('base64')}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
      return `gcm:${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.')}`;
    },
    open(sealed) {
      if (sealed.startsWith('plain:')) return Buffer.from(sealed.slice('plain:'.length), 'base64');
      if (!key) throw new Error('a TOTP secret is sealed but SECOND_FACTOR_KEY is not set');
      const [iv, tag, data] = sealed
        .slice('gcm:'.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]);
    },
  };
}
