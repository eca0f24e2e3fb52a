import {
  drawLottery,
  LOTTERY_ALGORITHM,
  LOTTERY_ALGORITHM_V1,
  verifyDraw,
  type DrawVerification,
  type ListedApplication,
  type LotteryLine,
  type ProofStep,
} from 'shared';
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

type Line = LotteryLine & { contribution: string | null };

/** What the screen knew before the draw: the commitment of the opening, the root of the close, the receipt. */
export interface PublishedBefore {
  seedHash: string | null;
  listRoot: string | null;
  /** The reader's application as on their receipt, with its inclusion proof. */
  own?: { line: ListedApplication; proof: readonly ProofStep[] };
}

/**
 * Reads every page of the published draw (`readPage(1)`, `readPage(2)`, … until `total` lines), then
 * recomputes it with the shared lottery from that data alone: the seed against the hash published when the
 * window opened, the list against the root published at the close (and the reader's own application under
 * it), every allotment against the published one with the final seed, and the total against the units on offer.
 */
export async function verifyPublishedDraw(
  readPage: (page: number) => Promise<DrawPage>,
  before: PublishedBefore,
  ownNumber?: number,
): Promise<VerificationOutcome> {
  const first = await readPage(1);
  const list: Line[] = [...first.list];
  for (let page = 2; list.length < first.total; page += 1) {
    const next = await readPage(page);
    if (next.list.length === 0) break;
    list.push(...next.list);
  }
  const v2 = first.algorithm === LOTTERY_ALGORITHM;
  const result = await verifyDraw({
    seed: first.seed,
    seed_hash: before.seedHash ?? first.seed_hash,
    units_offered: first.units_offered,
    // The root shown at the close, not the one the draw answers now: a list changed since would not match.
    list_root: v2 ? (before.listRoot ?? first.list_root ?? '') : null,
    list,
    own: v2 ? before.own : undefined,
  });
  const ownLine = list.find((line) => line.application_no === ownNumber);
  let own: VerificationOutcome['own'];
  if (ownLine) {
    const differs = result.mismatches.includes(ownLine.application_no);
    own = {
      units: ownLine.units,
      published: ownLine.allotted_units,
      recomputed: differs
        ? await recomputedOf(result.ticketSeed, first, list, ownLine.application_no)
        : ownLine.allotted_units,
    };
  }
  const knownAlgorithm = v2 || first.algorithm === LOTTERY_ALGORITHM_V1;
  return {
    ...result,
    ok: result.ok && knownAlgorithm,
    knownAlgorithm,
    applications: list.length,
    algorithm: first.algorithm,
    own,
  };
}

async function recomputedOf(
  ticketSeed: string,
  first: DrawPage,
  list: LotteryLine[],
  applicationNo: number,
): Promise<number> {
  const lines = await drawLottery(ticketSeed, first.units_offered, list);
  return lines.find((line) => line.application_no === applicationNo)?.allotted_units ?? 0;
}
