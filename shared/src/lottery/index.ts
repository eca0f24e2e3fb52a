/**
 * The new-share lottery ("equal-lot-lottery/1", docs/decisions/0016-new-share-lottery.md): a pure,
 * reproducible allotment that anyone can recompute from the published data (the seed, the units on
 * offer, and every anonymised application number with its units). Runs in the browser and in Node
 * (Web Crypto, `globalThis.crypto.subtle`); the server runs the same rule as one SQL statement
 * (server/src/modules/new-shares/draw-repository.ts) and a test checks both agree.
 *
 * The rule, with units = lots (subscribed quantity ÷ lot size):
 *  1. Each application's ticket is SHA-256 of the UTF-8 text `<seed>:<application_no>` (the seed as
 *     its 64 lowercase hex characters, the number in decimal); tickets sort by their bytes (the same
 *     order as their lowercase hex), ties (never in practice) by application number.
 *  2. Units are handed out in rounds: round k gives one more unit to every application that asked for
 *     at least k units. C(k) = Σ min(units, k) is what rounds 1..k need.
 *  3. If everything asked for fits (C(max) ≤ offered), every application gets all its units.
 *     Otherwise R = the first round with C(R) ≥ offered; the last round has offered − C(R − 1) units
 *     for the applications with units ≥ R: the first ones in ticket order get R units, the others
 *     R − 1; applications with units < R get all their units.
 * So as many applicants as possible get one lot before anyone gets a second (as Japanese online
 * brokers' equal lotteries do), the draw never allots more than offered, and the seed alone decides
 * who is lucky. The seed is fixed before the window opens and its hash published then.
 */

export const LOTTERY_ALGORITHM = 'equal-lot-lottery/1';

export const LOTTERY_DESCRIPTION =
  'Ticket = SHA-256(UTF-8 "<seed hex>:<application_no>"), sorted by bytes. Units (lots) are handed out in rounds: ' +
  'round k gives one unit to every application asking for at least k. All fit: everyone gets all. Otherwise R is ' +
  'the first round reaching the units on offer; its remaining units go to the applications with units >= R in ' +
  'ticket order (they get R, the rest R - 1); applications with fewer units than R get all of theirs.';

export interface LotteryApplication {
  application_no: number;
  /** Units (lots) applied for, a positive integer. */
  units: number;
}

export interface LotteryLine extends LotteryApplication {
  allotted_units: number;
}

/** The one Web Crypto call used (typed here so neither the DOM nor Node's types are needed). */
interface Digest {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): Digest {
  const crypto = (globalThis as { crypto?: { subtle?: Digest } }).crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto (crypto.subtle) is not available');
  return crypto.subtle;
}

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text's UTF-8 bytes, as lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await subtle().digest('SHA-256', new TextEncoder().encode(text)));
}

/** The published commitment to a seed: SHA-256 of its 64 hex characters (as text). */
export function seedHashOf(seed: string): Promise<string> {
  return sha256Hex(seed);
}

/** An application's ticket: lower tickets win first. */
export function ticketOf(seed: string, applicationNo: number): Promise<string> {
  return sha256Hex(`${seed}:${applicationNo}`);
}

/**
 * The rounds cut: null when every unit asked for fits, else the round R and the units left for it.
 * need(k) = Σ min(units, k) is linear between two distinct unit counts, so R is found from the distinct
 * counts alone: need(k) = below + k · atOrAbove for k in (previous count, count].
 */
export function lotteryCut(
  applications: readonly LotteryApplication[],
  unitsOffered: number,
): { round: number; remaining: number } | null {
  const byUnits = new Map<number, number>();
  for (const a of applications) {
    if (!Number.isInteger(a.units) || a.units <= 0) throw new Error(`bad units ${a.units}`);
    byUnits.set(a.units, (byUnits.get(a.units) ?? 0) + 1);
  }
  const total = applications.reduce((sum, a) => sum + a.units, 0);
  if (total <= unitsOffered) return null;
  const counts = [...byUnits.keys()].sort((x, y) => x - y);
  let atOrAbove = applications.length;
  let below = 0;
  let previous = 0;
  for (const units of counts) {
    if (below + units * atOrAbove >= unitsOffered) {
      const round = Math.max(previous + 1, Math.ceil((unitsOffered - below) / atOrAbove));
      return { round, remaining: unitsOffered - (below + (round - 1) * atOrAbove) };
    }
    const n = byUnits.get(units)!;
    below += units * n;
    atOrAbove -= n;
    previous = units;
  }
  return null;
}

/** Runs the lottery: every application with its allotted units, in application-number order. */
export async function drawLottery(
  seed: string,
  unitsOffered: number,
  applications: readonly LotteryApplication[],
): Promise<LotteryLine[]> {
  if (!Number.isInteger(unitsOffered) || unitsOffered < 0) throw new Error(`bad units offered ${unitsOffered}`);
  const cut = lotteryCut(applications, unitsOffered);
  const allotted = new Map<number, number>();
  if (cut === null) {
    for (const a of applications) allotted.set(a.application_no, a.units);
  } else {
    const eligible: Array<{ no: number; ticket: string }> = [];
    for (const a of applications) {
      if (a.units < cut.round) allotted.set(a.application_no, a.units);
      else eligible.push({ no: a.application_no, ticket: await ticketOf(seed, a.application_no) });
    }
    eligible.sort((x, y) => (x.ticket < y.ticket ? -1 : x.ticket > y.ticket ? 1 : x.no - y.no));
    eligible.forEach((e, index) => allotted.set(e.no, index < cut.remaining ? cut.round : cut.round - 1));
  }
  return [...applications]
    .sort((x, y) => x.application_no - y.application_no)
    .map((a) => ({ ...a, allotted_units: allotted.get(a.application_no)! }));
}

export interface PublishedDraw {
  seed: string;
  seed_hash: string;
  units_offered: number;
  /** Every published line: application number, units applied, units allotted. */
  list: readonly LotteryLine[];
}

export interface DrawVerification {
  /** The seed hashes to the hash published when the window opened. */
  seedMatchesHash: boolean;
  /** Application numbers whose published allotment differs from the recomputed one. */
  mismatches: number[];
  /** Units the draw allotted (never more than offered). */
  unitsAllotted: number;
  ok: boolean;
}

/** Recomputes a published draw from its published data alone. */
export async function verifyDraw(draw: PublishedDraw): Promise<DrawVerification> {
  const seedMatchesHash = (await seedHashOf(draw.seed)) === draw.seed_hash;
  const recomputed = await drawLottery(draw.seed, draw.units_offered, draw.list);
  const published = new Map(draw.list.map((line) => [line.application_no, line.allotted_units]));
  const mismatches = recomputed
    .filter((line) => published.get(line.application_no) !== line.allotted_units)
    .map((line) => line.application_no);
  const unitsAllotted = draw.list.reduce((sum, line) => sum + line.allotted_units, 0);
  return {
    seedMatchesHash,
    mismatches,
    unitsAllotted,
    ok: seedMatchesHash && mismatches.length === 0 && unitsAllotted <= draw.units_offered,
  };
}
