import { createHash } from 'node:crypto';
import {
  contributionOf,
  drawLottery,
  finalSeedOf,
  leafOf,
  listRootOf,
  lotteryCut,
  merkleLevels,
  proofFromLevels,
  seedHashOf,
  ticketOf,
  verifyDraw,
  verifyInclusion,
  type ListedApplication,
  type LotteryApplication,
  type LotteryLine,
} from './index';

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
    expect(await verifyDraw(published)).toMatchObject({
      seedMatchesHash: true,
      mismatches: [],
      unitsAllotted: 10,
      ok: true,
    });
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

describe('equal-lot-lottery/2: contributions, the sealed list and the final seed', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const contribution = (i: number) => sha(`device-${i}:server-${i}`);
  const listed = (units: number[]): ListedApplication[] =>
    units.map((u, i) => ({ application_no: i + 1, units: u, contribution: contribution(i + 1) }));

  /** Publishes a draw as the server does: seal the list, reveal the seed, allot with the final seed. */
  async function publish(list: ListedApplication[], offered: number) {
    const list_root = await listRootOf(list);
    const drawn = await drawLottery(await finalSeedOf(SEED, list_root), offered, list);
    return { seed: SEED, seed_hash: await seedHashOf(SEED), units_offered: offered, list_root, list: drawn };
  }

  it('hashes contributions, leaves, nodes and the final seed as documented, sync or async alike', async () => {
    expect(await contributionOf('ab', 'cd')).toBe(sha('ab:cd'));
    expect(await contributionOf(null, 'cd')).toBe(sha(':cd'));
    const [a, b, c] = listed([1, 2, 3]);
    const leaves = [a!, b!, c!].map((l) => sha(`leaf:${l.application_no}:${l.units}:${l.contribution}`));
    // Three leaves: (a b) pair up, c moves up unchanged, then the two nodes pair.
    const root = sha(`node:${sha(`node:${leaves[0]}${leaves[1]}`)}${leaves[2]}`);
    expect(await listRootOf([c!, a!, b!])).toBe(root);
    expect(await listRootOf([c!, a!, b!], sha)).toBe(root);
    expect(await listRootOf([])).toBe(sha('empty'));
    expect(await finalSeedOf(SEED, root)).toBe(sha(`${SEED}:${root}`));
  });

  it('changes the result when any one contribution changes', async () => {
    const list = listed(Array.from({ length: 40 }, () => 1));
    const base = await publish(list, 10);
    const winners = (lines: LotteryLine[]) => lines.filter((l) => l.allotted_units > 0).map((l) => l.application_no);
    for (const changed of [0, 17, 39]) {
      const other = list.map((l, i) => (i === changed ? { ...l, contribution: sha(`another-${i}`) } : l));
      const next = await publish(other, 10);
      expect(next.list_root).not.toBe(base.list_root);
      expect(winners(next.list)).not.toEqual(winners(base.list));
    }
  });

  it('reproduces the draw from the published data alone and checks the whole chain', async () => {
    const list = listed([2, 3, 1, 4, 2, 5, 1, 3, 2]);
    const draw = await publish(list, 9);
    const levels = await merkleLevels(await Promise.all(list.map((l) => leafOf(l))));
    const own = { line: list[4]!, proof: proofFromLevels(levels, 4) };
    const verdict = await verifyDraw({ ...draw, own });
    expect(verdict).toMatchObject({
      ok: true,
      seedMatchesHash: true,
      listMatchesRoot: true,
      ownIncluded: true,
      mismatches: [],
      unitsAllotted: 9,
    });
    expect(verdict.ticketSeed).toBe(sha(`${SEED}:${draw.list_root}`));
    // Every leaf's proof folds to the root, at every size (odd last nodes included).
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const some = listed(Array.from({ length: size }, () => 1));
      const lv = await merkleLevels(await Promise.all(some.map((l) => leafOf(l))));
      const root = lv[lv.length - 1]![0]!;
      for (const [i, line] of some.entries())
        expect(await verifyInclusion(line, proofFromLevels(lv, i), root)).toBe(true);
    }
  });

  it('fails a tampered list, a list that is not the one sealed, a foreign proof, a seed not committed', async () => {
    const list = listed([2, 3, 1, 4, 2, 5, 1, 3, 2]);
    const draw = await publish(list, 9);
    // A line added after the close (the operator's own, placed where it wins): the root no longer matches.
    const added = [...draw.list, { application_no: 10, units: 1, allotted_units: 1, contribution: contribution(10) }];
    expect(await verifyDraw({ ...draw, list: added })).toMatchObject({ ok: false, listMatchesRoot: false });
    // A contribution swapped in the published list.
    const swapped = draw.list.map((l, i) => (i === 2 ? { ...l, contribution: sha('x') } : l));
    expect(await verifyDraw({ ...draw, list: swapped })).toMatchObject({ ok: false, listMatchesRoot: false });
    // A consistent list and root, but not the allotment the final seed gives.
    const loser = draw.list.find((l) => l.allotted_units < l.units)!;
    const moved = draw.list.map((l) => (l === loser ? { ...l, allotted_units: l.allotted_units + 1 } : l));
    expect(await verifyDraw({ ...draw, list: moved })).toMatchObject({ ok: false, mismatches: [loser.application_no] });
    // The allotment of the committed seed alone (the v1 rule) does not pass as v2.
    const v1 = await drawLottery(SEED, 9, list);
    if (JSON.stringify(v1) !== JSON.stringify(draw.list))
      expect((await verifyDraw({ ...draw, list: v1 })).ok).toBe(false);
    // The reader's application with another contribution than on their receipt is not under the root.
    const levels = await merkleLevels(await Promise.all(list.map((l) => leafOf(l))));
    const forged = { line: { ...list[1]!, contribution: sha('mine') }, proof: proofFromLevels(levels, 1) };
    expect(await verifyDraw({ ...draw, own: forged })).toMatchObject({ ok: false, ownIncluded: false });
    expect((await verifyDraw({ ...draw, seed: '1'.repeat(64) })).seedMatchesHash).toBe(false);
  });
});
