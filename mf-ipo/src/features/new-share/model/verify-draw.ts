import { drawLottery, LOTTERY_ALGORITHM, verifyDraw, type DrawVerification, type LotteryLine } from 'shared';
import type { DataOf } from 'shared/contract';

type DrawPage = DataOf<'newShareDraw'>;

/** The outcome of recomputing a published draw in the browser, with the reader's own line when it has one. */
export interface VerificationOutcome extends DrawVerification {
  applications: number;
  algorithm: string;
  /** The published algorithm is the one this browser runs (else nothing can be said: `ok` is false). */
  knownAlgorithm: boolean;
  /** The reader's line as published and as recomputed (absent when they did not subscribe). */
  own?: { published: number; recomputed: number; units: number };
}

/**
 * Reads every page of the published draw (`readPage(1)`, `readPage(2)`, … until `total` lines), then
 * recomputes it with the shared lottery from that data alone: the seed against the hash published when the
 * window opened, every allotment against the published one, and the total against the units on offer.
 */
export async function verifyPublishedDraw(
  readPage: (page: number) => Promise<DrawPage>,
  publishedHash: string | null,
  ownNumber?: number,
): Promise<VerificationOutcome> {
  const first = await readPage(1);
  const list: LotteryLine[] = [...first.list];
  for (let page = 2; list.length < first.total; page += 1) {
    const next = await readPage(page);
    if (next.list.length === 0) break;
    list.push(...next.list);
  }
  const result = await verifyDraw({
    seed: first.seed,
    seed_hash: publishedHash ?? first.seed_hash,
    units_offered: first.units_offered,
    list,
  });
  const ownLine = list.find((line) => line.application_no === ownNumber);
  let own: VerificationOutcome['own'];
  if (ownLine) {
    const differs = result.mismatches.includes(ownLine.application_no);
    own = {
      units: ownLine.units,
      published: ownLine.allotted_units,
      recomputed: differs ? await recomputedOf(first, list, ownLine.application_no) : ownLine.allotted_units,
    };
  }
  const knownAlgorithm = first.algorithm === LOTTERY_ALGORITHM;
  return {
    ...result,
    ok: result.ok && knownAlgorithm,
    knownAlgorithm,
    applications: list.length,
    algorithm: first.algorithm,
    own,
  };
}

async function recomputedOf(first: DrawPage, list: LotteryLine[], applicationNo: number): Promise<number> {
  const lines = await drawLottery(first.seed, first.units_offered, list);
  return lines.find((line) => line.application_no === applicationNo)?.allotted_units ?? 0;
}
