import '../../testing/setup';
import { sql } from 'drizzle-orm';
import { BusinessError } from '../../errors';
import { queryRows } from '../../db/query';
import { assertNotTooFrequent, configureMoneyLimiter } from '../../security/money-limiter';
import { testBackends } from '../../testing/backends';
import { startTestApp, type TestApp } from '../../testing/app';
import { addCard, markVerified, TINY_JPEG, TINY_PNG, TINY_WEBP, FAKE_PDF, FAKE_TEXT } from '../../testing/accounts';
import { PASSWORD, post, registerAndLogin } from '../../testing/users';
import { assertImage, sniffImage } from '../uploads/uploads-service';
import { getCard } from '../bank-cards/bank-cards';
import { assertCanMoveMoney } from './user-checks';

const keyOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return error instanceof BusinessError ? error.key : String(error);
  }
};
const keyOfAsync = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof BusinessError ? error.key : String(error)),
  );

describe('image checks by magic bytes', () => {
  it('recognises real JPEG, PNG and WebP files and nothing else, whatever the name', () => {
    expect([sniffImage(TINY_JPEG), sniffImage(TINY_PNG), sniffImage(TINY_WEBP)]).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    expect(keyOf(() => assertImage(FAKE_PDF))).toBe('file_type_invalid');
    expect(keyOf(() => assertImage(FAKE_TEXT))).toBe('file_type_invalid');
    expect(keyOf(() => assertImage(Buffer.alloc(0)))).toBe('file_type_invalid');
    expect(keyOf(() => assertImage(Buffer.from('RIFF\0\0\0\0WAVEfmt ')))).toBe('file_type_invalid');
    expect(keyOf(() => assertImage(Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)])))).toBe('file_too_large');
  });
});

describe('money limiter', () => {
  afterAll(() => configureMoneyLimiter());
  it('allows one call per action every 2 s and 20 money calls a minute per user', async () => {
    configureMoneyLimiter();
    expect(await keyOfAsync(assertNotTooFrequent(1n, 'deposit'))).toBe('ok');
    expect(await keyOfAsync(assertNotTooFrequent(1n, 'deposit'))).toBe('too_frequent');
    expect(await keyOfAsync(assertNotTooFrequent(1n, 'withdraw'))).toBe('ok');
    expect(await keyOfAsync(assertNotTooFrequent(2n, 'deposit'))).toBe('ok');
    configureMoneyLimiter({ perAction: { max: 100, windowMs: 2000 }, perUser: { max: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i += 1) expect(await keyOfAsync(assertNotTooFrequent(3n, `a${i}`))).toBe('ok');
    expect(await keyOfAsync(assertNotTooFrequent(3n, 'a9'))).toBe('too_frequent');
  });
});

describe.each(testBackends())('money checks on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  const idOf = async (account: string) =>
    BigInt(
      (
        await t.app.db.tx((tx) => queryRows<{ id: bigint }>(tx, sql`SELECT id FROM users WHERE account = ${account}`))
      )[0]!.id,
    );

  it('assertCanMoveMoney: realname_required, bank_card_required, account_frozen', async () => {
    const user = await registerAndLogin(t.app);
    const id = await idOf(user.account);
    expect(await keyOfAsync(t.app.db.tx((tx) => assertCanMoveMoney(tx, id)))).toBe('realname_required');
    await markVerified(t.app, user);
    expect(await keyOfAsync(t.app.db.tx((tx) => assertCanMoveMoney(tx, id)))).toBe('ok');
    expect(await keyOfAsync(t.app.db.tx((tx) => assertCanMoveMoney(tx, id, { needCard: true })))).toBe(
      'bank_card_required',
    );
    const cardId = await addCard(t.app, user);
    expect(await keyOfAsync(t.app.db.tx((tx) => assertCanMoveMoney(tx, id, { needCard: true })))).toBe('ok');
    expect((await t.app.db.tx((tx) => getCard(tx, id, cardId))).holderName).toBe('山田 太郎');
    const other = await registerAndLogin(t.app);
    const otherId = await idOf(other.account);
    expect(await keyOfAsync(t.app.db.tx((tx) => getCard(tx, otherId, cardId)))).toBe('card_not_found');
    await t.app.db.tx((tx) => tx.execute(sql`UPDATE users SET frozen = true WHERE id = ${id}`));
    expect(await keyOfAsync(t.app.db.tx((tx) => assertCanMoveMoney(tx, id, { needCard: true })))).toBe(
      'account_frozen',
    );
  });

  it('fundPasswords: not set, wrong, right, and throttled after five wrong', async () => {
    const user = await registerAndLogin(t.app);
    const id = await idOf(user.account);
    const verify = (password: string) =>
      keyOfAsync(
        t.app.fundPasswords.withTry(t.app.db, id, (fundPassword) =>
          t.app.db.tx((tx) => fundPassword.verify(tx, password)),
        ),
      );
    expect(await verify('123456')).toBe('fund_password_not_set');
    await post(
      t.app,
      '/user/setFundPassword',
      { login_password: PASSWORD, password: '123456', password2: '123456' },
      user.headers,
    );
    expect(await verify('654321')).toBe('fund_password_wrong');
    expect(await verify('123456')).toBe('ok');
    for (let i = 0; i < 5; i += 1) expect(await verify('000000')).toBe('fund_password_wrong');
    expect(await verify('123456')).toBe('fund_password_locked');
  });
});
