import { assertNotTooFrequent, configureMoneyLimiter } from './money-limiter';
import { createPasswordHasher, OWASP_SCRYPT } from './password';
import { QueueFullError, Semaphore } from './semaphore';
import { hashToken, isWellFormedToken, newInviteCode, newToken } from './tokens';

// Full-cost scrypt takes about a second per hash on a busy machine.
const SLOW_HASHES_MS = 60_000;

describe('password hashing', () => {
  it(
    "uses OWASP's scrypt parameters by default and verifies only the right password",
    async () => {
      const hasher = createPasswordHasher();
      const stored = await hasher.hash('s3cret pass');
      expect(stored).toMatch(new RegExp(`^scrypt\\$${OWASP_SCRYPT.N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
      expect(await hasher.verify('s3cret pass', stored)).toBe(true);
      expect(await hasher.verify('s3cret pas', stored)).toBe(false);
    },
    SLOW_HASHES_MS,
  );

  it(
    'salts every hash and verifies hashes made at another cost',
    async () => {
      const cheap = createPasswordHasher({ cost: { N: 2 ** 10, r: 8, p: 1 } });
      const a = await cheap.hash('same');
      expect(a).not.toBe(await cheap.hash('same'));
      expect(await createPasswordHasher().verify('same', a)).toBe(true);
      expect(await cheap.verify('same', 'not a hash')).toBe(false);
    },
    SLOW_HASHES_MS,
  );
});

describe('Semaphore', () => {
  it('caps concurrent work and refuses beyond the queue', async () => {
    const gate = new Semaphore(1, 1);
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = gate.run(async () => 'second');
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    release();
    await first;
    expect(await second).toBe('second');
  });
});

describe('money limiter', () => {
  afterAll(() => configureMoneyLimiter());
  it('does not count a released (refused) call against the 2-second limit, but against the minute', async () => {
    configureMoneyLimiter({ perUser: { max: 2, windowMs: 60_000 } });
    const release = await assertNotTooFrequent(7n, 'withdraw');
    await release();
    await release(); // twice is once
    await expect(assertNotTooFrequent(7n, 'withdraw')).resolves.toEqual(expect.any(Function));
    await expect(assertNotTooFrequent(7n, 'withdraw')).rejects.toMatchObject({ key: 'too_frequent' });
    await expect(assertNotTooFrequent(7n, 'exchange')).rejects.toMatchObject({ key: 'too_frequent' });
  });
});

describe('tokens', () => {
  it('makes 256-bit base64url tokens and stores only their sha256', () => {
    const token = newToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(token).not.toBe(newToken());
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(isWellFormedToken('short')).toBe(false);
  });

  it('makes invite codes without look-alike characters', () => {
    expect(newInviteCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });
});
