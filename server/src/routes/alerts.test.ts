import '../testing/setup';
import { alertList, watchGroups } from 'shared/contract';
import { onAlertFired } from '../modules/alerts/alerts-signal';
import { testBackends } from '../testing/backends';
import { startTestApp, type TestApp } from '../testing/app';
import { post, registerAndLogin, type LoggedIn } from '../testing/users';

// Wednesday 2025-03-12, 11:00 in Tokyo (open).
const START = new Date('2025-03-12T02:00:00Z');

describe.each(testBackends())('price alerts and watchlist groups on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { now: () => START, jobIntervalMs: 0 });
  });
  afterAll(() => t.close());

  const create = (user: LoggedIn, form: Record<string, string>) =>
    post(t.app, '/stock/alertCreate', { market: 'jpy', code: '7203', kind: 'price_above', ...form }, user.headers);
  const list = async (user: LoggedIn, form: Record<string, string> = {}) =>
    alertList.parse((await post(t.app, '/stock/alerts', form, user.headers)).body.data);

  it('creates, lists (one stock or all, newest first) and deletes alerts; only the owner can delete', async () => {
    const alice = await registerAndLogin(t.app);
    const bob = await registerAndLogin(t.app);
    const first = await create(alice, { threshold: '3000.50' });
    expect(first.body).toMatchObject({ status: 1, msg: 'alert_created' });
    await create(alice, { code: '6758', kind: 'change_beyond', threshold: '5' });
    const all = await list(alice, { lang: 'en' });
    expect(all).toMatchObject({ active: 2, max_active: 20 });
    expect(all.list.map((a) => [a.code, a.kind, a.threshold, a.status, a.currency])).toEqual([
      ['6758', 'change_beyond', '5', 'active', 'JPY'],
      ['7203', 'price_above', '3000.5', 'active', 'JPY'],
    ]);
    expect(all.list[1]!.name).toMatch(/Toyota/);
    expect((await list(alice, { market: 'jpy', code: '7203' })).list).toHaveLength(1);
    expect((await list(bob)).list).toEqual([]);

    const id = String(first.body.data.id);
    expect((await post(t.app, '/stock/alertDelete', { id }, bob.headers)).body).toMatchObject({
      status: 0,
      msg: 'not_found',
    });
    expect((await post(t.app, '/stock/alertDelete', { id }, alice.headers)).body).toMatchObject({
      status: 1,
      msg: 'alert_deleted',
    });
    expect((await list(alice)).active).toBe(1);
  });

  it('refuses bad thresholds, unknown stocks and a 21st active alert, naming the rule', async () => {
    const user = await registerAndLogin(t.app);
    for (const [threshold, msg] of [
      ['', 'alert_threshold_required'],
      ['abc', 'alert_threshold_invalid'],
      ['-5', 'alert_threshold_invalid'],
      ['0', 'alert_threshold_invalid'],
      ['1.123456789', 'alert_threshold_invalid'],
    ] as const) {
      expect((await create(user, { threshold })).body).toMatchObject({ status: 0, msg, field: 'threshold' });
    }
    expect((await create(user, { kind: 'change_beyond', threshold: '150' })).body).toMatchObject({
      status: 0,
      msg: 'alert_threshold_invalid',
      field: 'threshold',
    });
    expect((await create(user, { kind: 'sideways', threshold: '1' })).body).toMatchObject({ status: 0, field: 'kind' });
    expect((await create(user, { code: 'NOPE1', threshold: '1' })).body).toMatchObject({
      status: 0,
      msg: 'stock_not_found',
    });
    for (let i = 0; i < 19; i += 1) expect((await create(user, { threshold: String(10_000 + i) })).body.status).toBe(1);
    // The 20th and a 21st at once: counted under the user's row lock, so exactly one is taken (also on PostgreSQL).
    const race = await Promise.all([create(user, { threshold: '99998' }), create(user, { threshold: '99999' })]);
    expect(race.map((r) => r.body.status).sort()).toEqual([0, 1]);
    expect((await list(user)).active).toBe(20);
    expect((await create(user, { threshold: '1' })).body).toMatchObject({
      status: 0,
      msg: 'alert_limit_reached',
      values: { max: '20' },
    });
  });

  it('fires a crossed alert once (inbox in the user’s language, a stream push); an uncrossed one stays', async () => {
    const user = await registerAndLogin(t.app);
    const pushed: Array<{ id: number; kind: string; code: string }> = [];
    const stop = onAlertFired((_userId, alert) => pushed.push({ id: alert.id, kind: alert.kind, code: alert.code }));
    try {
      const crossed = (await create(user, { threshold: '0.01' })).body.data.id as number;
      const below = (await create(user, { kind: 'price_below', threshold: '0.01' })).body.data.id as number;
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      const alerts = (await list(user)).list;
      const byId = new Map(alerts.map((a) => [a.id, a]));
      expect(byId.get(crossed)).toMatchObject({ status: 'fired' });
      expect(Number(byId.get(crossed)!.fired_price)).toBeGreaterThan(0);
      expect(byId.get(below)).toMatchObject({ status: 'active', fired_at: null });
      expect(pushed.filter((p) => p.id === crossed || p.id === below)).toEqual([
        { id: crossed, kind: 'price_above', code: '7203' },
      ]);

      const inbox = await post(t.app, '/user/messages', { page: '1', size: '10', lang: 'en' }, user.headers);
      expect(inbox.body.data.list).toHaveLength(1);
      expect(inbox.body.data.list[0]).toMatchObject({ title: 'Price alert' });
      expect(inbox.body.data.list[0].body).toMatch(
        /^Toyota.*\(7203\) is at \d{1,3}(,\d{3})*\.\d{2} JPY, at or above your alert price of 0\.01/,
      );
      const ja = await post(t.app, '/user/messages', { page: '1', size: '10', lang: 'ja' }, user.headers);
      expect(ja.body.data.list[0].body).toMatch(/トヨタ/);
    } finally {
      stop();
    }
  });

  it('keeps groups: create, rename, move, reorder, delete (stocks back to the default group)', async () => {
    const user = await registerAndLogin(t.app);
    const groups = async () =>
      watchGroups.parse((await post(t.app, '/stock/watchGroups', {}, user.headers)).body.data).groups;
    for (const code of ['7203', '6758', '9984'])
      expect((await post(t.app, '/stock/watchAdd', { code, market: 'jpy' }, user.headers)).body.status).toBe(1);
    expect((await groups())[0]).toMatchObject({ id: 0, name: '' });
    expect((await groups())[0]!.items).toHaveLength(3);

    const made = await post(t.app, '/stock/watchGroupCreate', { name: ' Cars ' }, user.headers);
    expect(made.body).toMatchObject({ status: 1, msg: 'watch_group_created' });
    const id = String(made.body.data.id);
    expect((await post(t.app, '/stock/watchGroupCreate', { name: 'Cars' }, user.headers)).body).toMatchObject({
      status: 0,
      msg: 'watch_group_name_taken',
    });
    expect((await post(t.app, '/stock/watchGroupCreate', { name: 'x'.repeat(21) }, user.headers)).body).toMatchObject({
      status: 0,
      msg: 'watch_group_name_too_long',
      values: { max: '20' },
    });
    expect((await post(t.app, '/stock/watchGroupRename', { id, name: 'Autos' }, user.headers)).body.status).toBe(1);

    for (const code of ['7203', '9984'])
      expect(
        (await post(t.app, '/stock/watchMove', { code, market: 'jpy', group_id: id }, user.headers)).body,
      ).toMatchObject({ status: 1, msg: 'watch_moved' });
    let all = await groups();
    expect(all.map((g) => [g.name, g.items.map((i) => i.code)])).toEqual([
      ['', ['6758']],
      ['Autos', ['9984', '7203']],
    ]);
    await post(t.app, '/stock/watchReorder', { code: '7203', market: 'jpy', direction: 'up' }, user.headers);
    expect((await groups())[1]!.items.map((i) => i.code)).toEqual(['7203', '9984']);
    await post(t.app, '/stock/watchReorder', { code: '7203', market: 'jpy', direction: 'up' }, user.headers);
    expect((await groups())[1]!.items.map((i) => i.code)).toEqual(['7203', '9984']);
    expect(
      (await post(t.app, '/stock/watchReorder', { code: '8306', market: 'jpy', direction: 'up' }, user.headers)).body,
    ).toMatchObject({ status: 0, msg: 'watch_not_found' });

    const other = await registerAndLogin(t.app);
    expect((await post(t.app, '/stock/watchGroupDelete', { id }, other.headers)).body.msg).toBe('not_found');
    expect((await post(t.app, '/stock/watchGroupDelete', { id }, user.headers)).body).toMatchObject({
      status: 1,
      msg: 'watch_group_deleted',
    });
    all = await groups();
    expect(all).toHaveLength(1);
    expect(all[0]!.items.map((i) => i.code).sort()).toEqual(['6758', '7203', '9984']);
  });
});
