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
 * brokers' equal lotteries do), the draw never allots more than offered, and the ticket seed alone decides
 * who is lucky. The committed seed is fixed before the window opens and its hash published then.
 *
 * equal-lot-lottery/2 (issue 35): the ticket seed is not the committed seed but the final seed
 * SHA-256("<seed>:<list root>"), the list root being the Merkle root of every application (number, units and
 * its own random contribution) sealed and published at the close, before the seed is revealed. So the
 * operator, who knows the seed, cannot tell which number wins until the list is closed, and cannot change
 * the list afterwards (each investor holds a proof that their application is under the root).
 */

/** The current draw: tickets from the final seed = SHA-256 of the committed seed and the list's Merkle root. */
export const LOTTERY_ALGORITHM = 'equal-lot-lottery/2';
/** Draws before the applications' contributions (issue 35): tickets from the committed seed alone. */
export const LOTTERY_ALGORITHM_V1 = 'equal-lot-lottery/1';

export const LOTTERY_DESCRIPTION =
  'Each application carries a contribution = SHA-256("<device part>:<server part>"). At the close the ' +
  'list (leaf = SHA-256("leaf:<application_no>:<units>:<contribution>") by application number) is ' +
  'sealed as a Merkle root (node = SHA-256("node:<left><right>"), an odd last node moves up unchanged) ' +
  'and published; then the seed is revealed and final seed = SHA-256("<seed>:<root>"). Ticket = ' +
  'SHA-256(UTF-8 "<final seed hex>:<application_no>"), sorted by bytes. Units (lots) are handed out in ' +
  'rounds: round k gives one unit to every application asking for at least k. All fit: everyone gets ' +
  'all. Otherwise R is the first round reaching the units on offer; its remaining units go to the ' +
  'applications with units >= R in ticket order (they get R, the rest R - 1); applications with fewer ' +
  'units than R get all of theirs.';

/** How an equal-lot-lottery/1 draw (before the contributions) was made: tickets from the seed alone. */
export const LOTTERY_DESCRIPTION_V1 =
  'Ticket = SHA-256(UTF-8 "<seed hex>:<application_no>"), sorted by bytes; units are handed out in rounds as in ' +
  'equal-lot-lottery/2.';

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

/** A SHA-256 of UTF-8 text as lowercase hex, sync (node:crypto on the server) or async (Web Crypto). */
export type TextHash = (text: string) => string | Promise<string>;

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * An application's own contribution to the draw: SHA-256 of "<device part>:<server part>". The device part
 * is 32 random bytes the investor's browser made (empty when a client sent none), the server part 32 bytes
 * of the server's CSPRNG drawn at the subscription; both are on the investor's receipt.
 */
export function contributionOf(devicePart: string | null, serverPart: string, hash: TextHash = sha256Hex) {
  return hash(`${devicePart ?? ''}:${serverPart}`);
}

/** A line of the sealed list: what the Merkle leaf commits to. */
export interface ListedApplication extends LotteryApplication {
  /** 64 lowercase hex characters (empty for subscriptions older than the contributions). */
  contribution: string;
}

/** The leaf of an application: SHA-256 of "leaf:<application_no>:<units>:<contribution>". */
export function leafOf(line: ListedApplication, hash: TextHash = sha256Hex) {
  return hash(`leaf:${line.application_no}:${line.units}:${line.contribution}`);
}

/** An inner node: SHA-256 of "node:<left hex><right hex>" (the prefixes keep leaves and nodes apart). */
export function nodeOf(left: string, right: string, hash: TextHash = sha256Hex) {
  return hash(`node:${left}${right}`);
}

/** The root of an empty list. */
export const EMPTY_LIST_ROOT_TEXT = 'empty';

/** The canonical order of the sealed list: by application number. */
export const canonicalOrder = <T extends LotteryApplication>(lines: readonly T[]): T[] =>
  [...lines].sort((x, y) => x.application_no - y.application_no);

/**
 * Every level of the Merkle tree over leaves in canonical order: levels[0] the leaves, the last the root.
 * Pairs hash into their parent; an odd last node moves up unchanged (never paired with itself, so no two
 * lists share a root).
 */
export async function merkleLevels(leaves: readonly string[], hash: TextHash = sha256Hex): Promise<string[][]> {
  if (leaves.length === 0) return [[await hash(EMPTY_LIST_ROOT_TEXT)]];
  const levels: string[][] = [[...leaves]];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const above: string[] = [];
    for (let i = 0; i < below.length; i += 2)
      above.push(i + 1 < below.length ? await nodeOf(below[i]!, below[i + 1]!, hash) : below[i]!);
    levels.push(above);
  }
  return levels;
}

/** The Merkle root of a list of applications (in canonical order whatever order they come in). */
export async function listRootOf(lines: readonly ListedApplication[], hash: TextHash = sha256Hex): Promise<string> {
  const leaves: string[] = [];
  for (const line of canonicalOrder(lines)) leaves.push(await leafOf(line, hash));
  const levels = await merkleLevels(leaves, hash);
  return levels[levels.length - 1]![0]!;
}

/** One step of an inclusion proof: the sibling's hash and on which side it sits. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
}

/** The proof that the leaf at `index` (canonical order) is under the root of `levels`. */
export function proofFromLevels(levels: readonly (readonly string[])[], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = at ^ 1;
    if (sibling < level.length) path.push({ side: sibling < at ? 'left' : 'right', hash: level[sibling]! });
    at >>= 1;
  }
  return path;
}

/** Does this application's leaf, folded with the path, give the published root? */
export async function verifyInclusion(
  line: ListedApplication,
  path: readonly ProofStep[],
  root: string,
  hash: TextHash = sha256Hex,
): Promise<boolean> {
  let node = await leafOf(line, hash);
  for (const step of path) {
    if (!HEX64.test(step.hash)) return false;
    node = step.side === 'left' ? await nodeOf(step.hash, node, hash) : await nodeOf(node, step.hash, hash);
  }
  return node === root;
}

/** The seed the tickets use: SHA-256 of "<committed seed>:<list root>", known to nobody before the close. */
export function finalSeedOf(seed: string, listRoot: string, hash: TextHash = sha256Hex) {
  return hash(`${seed}:${listRoot}`);
}

export interface PublishedDraw {
  seed: string;
  seed_hash: string;
  units_offered: number;
  /**
   * The Merkle root published at the close (equal-lot-lottery/2); absent or null for a draw of
   * equal-lot-lottery/1, whose tickets come from the seed alone.
   */
  list_root?: string | null;
  /** Every published line: application number, units applied, units allotted (and its contribution, v2). */
  list: ReadonlyArray<LotteryLine & { contribution?: string | null }>;
  /** The reader's own application and its inclusion proof (from their receipt), checked against the root. */
  own?: { line: ListedApplication; proof: readonly ProofStep[] };
}

export interface DrawVerification {
  /** The seed hashes to the hash published when the window opened. */
  seedMatchesHash: boolean;
  /** The published list hashes to the root published at the close (true for a v1 draw: nothing to check). */
  listMatchesRoot: boolean;
  /** The reader's application is under the root (null when no own application was given or v1). */
  ownIncluded: boolean | null;
  /** The seed the tickets used: final seed (v2) or the seed itself (v1). */
  ticketSeed: string;
  /** Application numbers whose published allotment differs from the recomputed one. */
  mismatches: number[];
  /** Units the draw allotted (never more than offered). */
  unitsAllotted: number;
  ok: boolean;
}

/**
 * Recomputes a published draw from its published data alone, the whole chain: the revealed seed against
 * the hash committed at the opening, the list against the root published at the close, the reader's own
 * application against that root (its Merkle proof), the final seed from both, and every allotment.
 */
export async function verifyDraw(draw: PublishedDraw): Promise<DrawVerification> {
  const seedMatchesHash = (await seedHashOf(draw.seed)) === draw.seed_hash;
  const v2 = typeof draw.list_root === 'string';
  let listMatchesRoot = true;
  let ownIncluded: boolean | null = null;
  let ticketSeed = draw.seed;
  if (v2) {
    const root = draw.list_root as string;
    const listed = draw.list.map((line) => ({
      application_no: line.application_no,
      units: line.units,
      contribution: line.contribution ?? '',
    }));
    listMatchesRoot = (await listRootOf(listed)) === root;
    if (draw.own) {
      const mine = draw.own.line;
      const published = listed.find((line) => line.application_no === mine.application_no);
      ownIncluded =
        (await verifyInclusion(mine, draw.own.proof, root)) &&
        published?.units === mine.units &&
        published.contribution === mine.contribution;
    }
    ticketSeed = await finalSeedOf(draw.seed, root);
  }
  const recomputed = await drawLottery(ticketSeed, draw.units_offered, draw.list);
  const published = new Map(draw.list.map((line) => [line.application_no, line.allotted_units]));
  const mismatches = recomputed
    .filter((line) => published.get(line.application_no) !== line.allotted_units)
    .map((line) => line.application_no);
  const unitsAllotted = draw.list.reduce((sum, line) => sum + line.allotted_units, 0);
  return {
    seedMatchesHash,
    listMatchesRoot,
    ownIncluded,
    ticketSeed,
    mismatches,
    unitsAllotted,
    ok:
      seedMatchesHash &&
      listMatchesRoot &&
      ownIncluded !== false &&
      mismatches.length === 0 &&
      unitsAllotted <= draw.units_offered,
  };
}
