/**
 * The list of applications sealed at the close (issue 35, docs/decisions/0016-new-share-lottery.md,
 * amendment "a lottery the operator cannot steer"): once the window has closed, every application of the
 * issue (number, units, its own contribution) is hashed into a Merkle tree in canonical order
 * (shared/src/lottery), its root published on the issue and every node stored, before the draw reveals the
 * seed. The draw's tickets then use final seed = SHA-256("<seed>:<root>").
 *
 * sealList is exactly-once and safe from two servers: it locks the issue row (FOR UPDATE), which also waits
 * for a subscription still in flight (it holds the same row through its application counter), and does
 * nothing when the list is sealed already.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { contributionOf, merkleLevels, leafOf, type ListedApplication, type ProofStep } from 'shared';
import type { Database, Tx } from '../../db/database';
import { queryRows } from '../../db/query';

/** SHA-256 of UTF-8 text as lowercase hex (the shared lottery's hash, synchronous). */
export const sha256Text = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const HEX64 = /^[0-9a-f]{64}$/;

/** A subscription's contribution: the device part as sent (when valid), a fresh server part, their hash. */
export async function newContribution(devicePart: string | undefined | null) {
  const device = devicePart && HEX64.test(devicePart) ? devicePart : null;
  const server = randomBytes(32).toString('hex');
  return { device, server, contribution: await contributionOf(device, server, sha256Text) };
}

/** Rows written per INSERT of the tree's nodes (a million applications make two million nodes). */
const NODE_CHUNK = 20_000;

export interface SealedList {
  root: string;
  size: number;
}

/** Issues whose window closed and whose list is not sealed yet (not withdrawn, not drawn). */
export async function dueSeals(db: Database, now: Date): Promise<bigint[]> {
  const rows = await db.tx(
    (tx) =>
      queryRows<{ id: string | bigint }>(
        tx,
        sql`SELECT id FROM new_share_issues
            WHERE list_root IS NULL AND draw_state = 'pending' AND withdrawn_at IS NULL
              AND closes_at <= ${now.toISOString()}
            ORDER BY closes_at`,
      ),
    { readOnly: true },
  );
  return rows.map((r) => BigInt(r.id));
}

/**
 * Seals the list of an issue whose window closed: answers the root and size, or undefined when there is
 * nothing to seal (window open, withdrawn, drawn, or sealed already by this or another server).
 */
export async function sealList(db: Database, issueId: bigint | number, now: Date): Promise<SealedList | undefined> {
  const id = BigInt(issueId);
  return db.tx(async (tx) => {
    const [claim] = await queryRows<{ id: unknown }>(
      tx,
      sql`SELECT id FROM new_share_issues
          WHERE id = ${id} AND list_root IS NULL AND draw_state = 'pending' AND withdrawn_at IS NULL
            AND closes_at <= ${now.toISOString()}
          FOR UPDATE`,
    );
    if (!claim) return undefined;
    const lines = await queryRows<{ application_no: number; units: number; contribution: string | null }>(
      tx,
      sql`SELECT application_no, units, contribution FROM new_share_orders
          WHERE issue_id = ${id} ORDER BY application_no`,
    );
    const leaves: string[] = [];
    for (const line of lines) leaves.push(await leafOf(listed(line), sha256Text));
    const levels = await merkleLevels(leaves, sha256Text);
    await insertNodes(tx, id, levels);
    const root = levels[levels.length - 1]![0]!;
    await tx.execute(
      sql`UPDATE new_share_issues SET list_root = ${root}, list_sealed_at = ${now.toISOString()},
                                      list_size = ${lines.length}, updated_at = ${now.toISOString()}
          WHERE id = ${id}`,
    );
    return { root, size: lines.length };
  });
}

const listed = (line: { application_no: number; units: number; contribution: string | null }): ListedApplication => ({
  application_no: line.application_no,
  units: line.units,
  contribution: line.contribution ?? '',
});

async function insertNodes(tx: Tx, issueId: bigint, levels: string[][]): Promise<void> {
  const rows: Array<[number, number, string]> = [];
  levels.forEach((level, l) => level.forEach((hash, i) => rows.push([l, i, hash])));
  for (let start = 0; start < rows.length; start += NODE_CHUNK) {
    const chunk = rows.slice(start, start + NODE_CHUNK);
    const array = (column: 0 | 1 | 2) => `{${chunk.map((r) => r[column]).join(',')}}`;
    await tx.execute(
      sql`INSERT INTO new_share_list_nodes (issue_id, level, idx, hash)
          SELECT ${issueId}, n.level, n.idx, n.hash
          FROM unnest(${array(0)}::int[], ${array(1)}::int[], ${array(2)}::text[]) AS n (level, idx, hash)`,
    );
  }
}

/** The sizes of the tree's levels over `size` leaves (an odd last node moves up unchanged). */
function levelSizes(size: number): number[] {
  const sizes = [Math.max(size, 1)];
  while (sizes[sizes.length - 1]! > 1) sizes.push(Math.ceil(sizes[sizes.length - 1]! / 2));
  return sizes;
}

/**
 * The inclusion proof of one application of a sealed list: its index in canonical order and the siblings
 * on the way up (one read of at most log2(n) stored nodes). Undefined when the list is not sealed or the
 * application is not in it.
 */
export async function inclusionProof(
  tx: Tx,
  issueId: bigint,
  applicationNo: number,
): Promise<{ leafIndex: number; path: ProofStep[] } | undefined> {
  const [issue] = await queryRows<{ size: number | null }>(
    tx,
    sql`SELECT list_size AS size FROM new_share_issues WHERE id = ${issueId}`,
  );
  if (issue?.size === null || issue?.size === undefined) return undefined;
  const [position] = await queryRows<{ index: number; present: boolean }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE application_no < ${applicationNo})::int AS index,
               bool_or(application_no = ${applicationNo}) AS present
        FROM new_share_orders WHERE issue_id = ${issueId}`,
  );
  if (!position?.present || position.index >= issue.size) return undefined;
  const sizes = levelSizes(issue.size);
  const wanted: Array<{ level: number; idx: number; side: ProofStep['side'] }> = [];
  let at = position.index;
  for (let level = 0; level < sizes.length - 1; level += 1) {
    const sibling = at ^ 1;
    if (sibling < sizes[level]!) wanted.push({ level, idx: sibling, side: sibling < at ? 'left' : 'right' });
    at >>= 1;
  }
  if (wanted.length === 0) return { leafIndex: position.index, path: [] };
  const nodes = await queryRows<{ level: number; idx: number; hash: string }>(
    tx,
    sql`SELECT level, idx, hash FROM new_share_list_nodes
        WHERE issue_id = ${issueId} AND (level, idx) IN (${sql.join(
          wanted.map((w) => sql`(${w.level}::int, ${w.idx}::int)`),
          sql`, `,
        )})`,
  );
  const byKey = new Map(nodes.map((n) => [`${n.level}:${n.idx}`, n.hash]));
  const path = wanted.map((w) => ({ side: w.side, hash: byKey.get(`${w.level}:${w.idx}`) ?? '' }));
  if (path.some((step) => step.hash === '')) return undefined;
  return { leafIndex: position.index, path };
}
