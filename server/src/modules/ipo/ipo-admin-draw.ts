/**
 * The back office runs an issue's draw now (after its window closed; lifecycle.ts drawIssue, as the
 * job would), audited, and answers the result with the chain that fixed it.
 */
import { LOTTERY_ALGORITHM, LOTTERY_ALGORITHM_V1 } from 'shared';
import type { InputOf } from '../../contract-input';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import type { AdminNewShareContext } from './ipo-context';
import { marketTimeText } from './ipo-view';
import { getIssue } from './issues-repository';
import { drawIssue } from './lifecycle';

/** /admin/newShareDraw: the issue's draw, run now. */
export async function drawNewShareNow(
  { db, now }: Pick<AdminNewShareContext, 'db' | 'now'>,
  actorId: bigint,
  input: InputOf<'adminNewShareDraw'>,
) {
  const issue = await db.tx((tx) => getIssue(tx, input.id), { readOnly: true });
  if (!issue || issue.withdrawnAt) throw new BusinessError('new_share_not_found');
  if (now() < issue.closesAt)
    throw new BusinessError('new_share_window_open', {
      values: { closes: marketTimeText(issue.market, issue.closesAt) },
    });
  const result = await drawIssue(db, issue.id, now());
  const drawn = await db.tx((tx) => getIssue(tx, issue.id), { readOnly: true });
  const revealed = drawn?.drawState === 'drawn';
  await db.tx((tx) =>
    recordAudit(tx, {
      actorId,
      action: 'new_share.draw',
      target: `issue:${issue.id}`,
      detail: { drawn_now: result.drawnNow, units_allotted: result.unitsAllotted },
      before: { drawn: !result.drawnNow },
      after: { drawn: true, units_allotted: result.unitsAllotted },
    }),
  );
  return {
    msg: 'saved' as const,
    data: {
      issue_id: result.issueId,
      drawn_now: result.drawnNow,
      applications: result.applications,
      units_offered: result.unitsOffered,
      units_applied: result.unitsApplied,
      units_allotted: result.unitsAllotted,
      winners: result.winners,
      // The chain that fixed the result, as /ipo/info publishes it (ADR 0016).
      seed_hash: issue.seedHash,
      list_root: drawn?.listRoot ?? null,
      seed: revealed ? drawn.seed : null,
      final_seed: revealed ? drawn.finalSeed : null,
      algorithm: revealed && drawn.listRoot === null ? LOTTERY_ALGORITHM_V1 : LOTTERY_ALGORITHM,
    },
  };
}
