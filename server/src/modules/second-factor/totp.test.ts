import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, stepAt, totpAt } from './totp';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8 digits.
const SEED = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('answers the Appendix B SHA-1 code at T=%i', (seconds, code) => {
    expect(totpAt(SEED, seconds * 1000, 8)).toBe(code);
  });

  it('answers the RFC 4226 Appendix D HOTP values (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expected.forEach((code, counter) => expect(hotp(SEED, BigInt(counter))).toBe(code));
  });

  it('accepts the codes of the previous, current and next step only, naming the step', () => {
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    expect(matchTotp(SEED, totpAt(SEED, now), now)).toBe(step);
    expect(matchTotp(SEED, totpAt(SEED, now - 30_000), now)).toBe(step - 1n);
    expect(matchTotp(SEED, totpAt(SEED, now + 30_000), now)).toBe(step + 1n);
    expect(matchTotp(SEED, totpAt(SEED, now - 60_000), now)).toBeUndefined();
    expect(matchTotp(SEED, totpAt(SEED, now + 60_000), now)).toBeUndefined();
  });

  it('round-trips base32 (RFC 4648 test vector) and builds the otpauth URI', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEED))).toEqual(SEED);
    expect(otpauthUri('MZXW6YTBOI', 'Kabu', '0901234567')).toBe(
      'otpauth://totp/Kabu%3A0901234567?secret=MZXW6YTBOI&issuer=Kabu&algorithm=SHA1&digits=6&period=30',
    );
  });
});
