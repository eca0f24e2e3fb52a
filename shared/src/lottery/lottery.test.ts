import { createHash } from 'node:crypto';
import { drawLottery, lotteryCut, seedHashOf, ticketOf, verifyDraw, type LotteryApplication } from './index';

const SEED = 'a3'.repeat(32);
const apps = (units: number[]): LotteryApplication[] => units.map((u, i) => ({ application_no: i + 1, units: u }));
const total = (lines: Array<{ allotted_units: number }>) => lines.reduce((s, l) => s + l.allotted_units, 0);

describe('the new-share lottery (equal-lot-lottery/1)', () => {
  it('hashes with SHA-256 of the UTF-8 text, as node:crypto does', async () => {
    expect(await seedHashOf(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(await ticketOf(SEED, 42)).toBe(createHash('sha256').update(`${SEED}:42`).digest('hex'));
  });

  it('gives everyone everything when all fits', async () => {
    const lines = await drawLottery(SEED, 100, apps([3, 1, 5]));
    expect(lines.map((l) => l.allotted_units)).toEqual([3, 1, 5]);
    expect(lotteryCut(apps([3, 1, 5]), 9)).toBeNull();
  });

  it('gives one lot to as many as possible before anyone gets a second', async () => {
    const lines = await drawLottery(SEED, 3, apps([5, 1, 2, 4, 1]));
    expect(total(lines)).toBe(3);
    expect(lines.every((l) => l.allotted_units <= 1)).toBe(true);
    // Round 2: the one-lot applicants keep their lot, the others share what round 2 leaves.
    const second = await drawLottery(SEED, 7, apps([5, 1, 2, 4, 1]));
    expect(lotteryCut(apps([5, 1, 2, 4, 1]), 7)).toEqual({ round: 2, remaining: 2 });
    expect(total(second)).toBe(7);
    expect(second.filter((l) => l.units === 1).map((l) => l.allotted_units)).toEqual([1, 1]);
    expect(second.filter((l) => l.units > 1).every((l) => l.allotted_units === 1 || l.allotted_units === 2)).toBe(true);
  });

  it('orders the winners by ticket', async () => {
    const list = apps(Array.from({ length: 20 }, () => 1));
    const lines = await drawLottery(SEED, 5, list);
    const tickets = await Promise.all(
      list.map(async (a) => ({ no: a.application_no, t: await ticketOf(SEED, a.application_no) })),
    );
    const expected = tickets
      .sort((x, y) => (x.t < y.t ? -1 : 1))
      .slice(0, 5)
      .map((x) => x.no)
      .sort((a, b) => a - b);
    expect(lines.filter((l) => l.allotted_units === 1).map((l) => l.application_no)).toEqual(expected);
  });

  it('gives the same allotment for the same seed, another for another seed, never more than offered', async () => {
    const list = apps(Array.from({ length: 300 }, (_, i) => 1 + ((i * 7) % 5)));
    const a = await drawLottery(SEED, 250, list);
    const b = await drawLottery(SEED, 250, [...list].reverse());
    expect(b).toEqual(a);
    const c = await drawLottery('0f'.repeat(32), 250, list);
    expect(c).not.toEqual(a);
    for (const offered of [0, 1, 17, 299, 300, 600, 899, 900, 5000]) {
      const lines = await drawLottery(SEED, offered, list);
      expect(total(lines)).toBe(Math.min(offered, 900));
      expect(lines.every((l) => l.allotted_units <= l.units)).toBe(true);
    }
  });

  it('verifies a published draw and finds a tampered line or seed', async () => {
    const list = await drawLottery(SEED, 10, apps([2, 3, 1, 4, 2, 5, 1]));
    const published = { seed: SEED, seed_hash: await seedHashOf(SEED), units_offered: 10, list };
    expect(await verifyDraw(published)).toEqual({ seedMatchesHash: true, mismatches: [], unitsAllotted: 10, ok: true });
    const loser = list.find((l) => l.allotted_units < l.units)!;
    const tampered = list.map((l) => (l === loser ? { ...l, allotted_units: l.allotted_units + 1 } : l));
    const verdict = await verifyDraw({ ...published, list: tampered });
    expect(verdict.ok).toBe(false);
    expect(verdict.mismatches).toEqual([loser.application_no]);
    expect((await verifyDraw({ ...published, seed: '1'.repeat(64) })).seedMatchesHash).toBe(false);
  });

  it('finds the same rounds cut as counting round by round', () => {
    let state = 7;
    const next = (max: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return 1 + (state % max);
    };
    for (let trial = 0; trial < 300; trial += 1) {
      const list = apps(Array.from({ length: next(30) }, () => next(next(12))));
      const total = list.reduce((sum, a) => sum + a.units, 0);
      const offered = next(total + 5) - 1;
      const need = (k: number) => list.reduce((sum, a) => sum + Math.min(a.units, k), 0);
      let expected: { round: number; remaining: number } | null = null;
      if (total > offered)
        for (let k = 1; ; k += 1)
          if (need(k) >= offered) {
            expected = { round: k, remaining: offered - need(k - 1) };
            break;
          }
      expect([trial, lotteryCut(list, offered)]).toEqual([trial, expected]);
    }
  });
});
