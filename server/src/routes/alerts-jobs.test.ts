import '../testing/setup';
import { sql } from 'drizzle-orm';
import { testBackends } from '../testing/backends';
import { post, registerAndLogin } from '../testing/users';
import { countRows, useTwoInstances } from '../testing/two-instances';

/**
 * The alerts job on two app instances sharing one PostgreSQL database and one test clock: both run their job timers
 * (every 20 ms) and passes of their own at the same moment; each crossed alert must still fire once (one inbox
 * message per alert). On PGlite the same journey runs on ONE instance.
 */

/** Wednesday 2025-03-12, 11:00 in Tokyo (open). */
const T0 = new Date('2025-03-12T02:00:00Z');

describe.each(testBackends())('alerts job on $name', (backend) => {
  const jobs = useTwoInstances(backend, { start: T0 });

  it('fires each crossed alert exactly once however many instances tick; uncrossed ones stay active', async () => {
    const { a, instances, clock, tickTogether } = jobs;
    const users = [];
    for (let i = 0; i < 6; i += 1) {
      const app = instances[i % instances.length]!;
      const user = await registerAndLogin(app);
      for (const [kind, threshold] of [
        ['price_above', '0.01'],
        ['price_below', '0.01'],
      ]) {
        const form = { market: 'jpy', code: '7203', kind: kind!, threshold: threshold! };
        expect((await post(app, '/stock/alertCreate', form, user.headers)).body.status).toBe(1);
      }
      users.push(user);
    }
    await tickTogether();
    await tickTogether();
    clock.set(new Date(T0.getTime() + 60_000));
    await tickTogether();

    expect(await countRows(a, sql`SELECT count(*)::int AS n FROM price_alerts WHERE status = 'fired'`)).toBe(6);
    expect(await countRows(a, sql`SELECT count(*)::int AS n FROM price_alerts WHERE status = 'active'`)).toBe(6);
    expect(await countRows(a, sql`SELECT count(*)::int AS n FROM messages WHERE msg_key = 'alert_price_above'`)).toBe(
      6,
    );
    for (const user of users) {
      const inbox = await post(a, '/user/messages', { page: '1', size: '10' }, user.headers);
      expect(inbox.body.data.list).toHaveLength(1);
    }
  }, 240_000);
});
