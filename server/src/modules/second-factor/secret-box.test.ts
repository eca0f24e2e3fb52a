import { randomBytes } from 'node:crypto';
import { createSecretBox } from './secret-box';

describe('the TOTP secret box', () => {
  const secret = randomBytes(20);

  it('seals with AES-256-GCM under SECOND_FACTOR_KEY and opens again; a tampered seal fails', () => {
    const box = createSecretBox(randomBytes(32).toString('hex'));
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^gcm:/);
    expect(sealed).not.toContain(secret.toString('base64'));
    expect(box.open(sealed)).toEqual(secret);
    const [iv, tag, data] = sealed.slice('gcm:'.length).split('.');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0] ^= 1;
    const tampered = `gcm:${iv}.${tag}.${flipped.toString('base64')}`;
    expect(() => box.open(tampered)).toThrow();
  });

  it('stores plain without a key, opens plain rows after a key is set, and refuses a bad key', () => {
    const plain = createSecretBox('').seal(secret);
    expect(plain).toMatch(/^plain:/);
    expect(createSecretBox(randomBytes(32).toString('base64')).open(plain)).toEqual(secret);
    expect(() => createSecretBox('c2hvcnQ=')).toThrow(/32 bytes/);
    expect(() => createSecretBox('').open('gcm:a.b.c')).toThrow(/SECOND_FACTOR_KEY/);
  });
});
