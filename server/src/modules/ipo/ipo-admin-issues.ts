/**
 * The back office's new-share issues: the list, create (its seed is drawn here, ipo-issue-facts.ts newSeed),
 * edit only before its window opens, withdraw (every live subscription fails and is released). Every change
 * is audited.
 */
import type { InputOf } from '../../contract-input';
import type { Tx } from '../../db/database';
import { refuseDuplicate } from '../../db/errors';
import { BusinessError } from '../../errors';
import { recordAudit } from '../audit/audit-service';
import { ADMIN_PAGE_SIZE } from '../common/money-context';
import { moneyTx } from '../ledger/money-tx';
import type { AdminNewShareContext } from './ipo-context';
import { issueFacts, newSeed, type IssueInput } from './ipo-issue-facts';
import { issueToWire } from './ipo-view';
import {
  getIssue,
  insertIssue,
  listAllIssues,
  updateIssueBeforeOpen,
  withdrawIssueRow,
  type IssueRow,
} from './issues-repository';
import { failIssueSubscriptions, signalUsers } from './lifecycle';

type WireDeps = Pick<AdminNewShareContext, 'now' | 'prices'>;

const toWire = ({ now, prices }: WireDeps, row: IssueRow) => issueToWire(row, { now: now(), lang: 'en', prices });

const existing = async (tx: Tx, id: number) => {
  const row = await getIssue(tx, id, { lock: true });
  if (!row) throw new BusinessError('new_share_not_found');
  return row;
};

/** A code another issue has (any unique violation of the issue's row) is refused as an invalid code. */
const codeTaken = () => new BusinessError('field_invalid', { field: 'code', values: { field: 'code' } });

/** /admin/newShares: a page of every issue. */
export async function listAdminNewShares(deps: AdminNewShareContext, input: InputOf<'adminNewShares'>) {
  return deps.db.tx(
    async (tx) => {
      const { rows, total } = await listAllIssues(tx, ADMIN_PAGE_SIZE, (input.page - 1) * ADMIN_PAGE_SIZE);
      return { list: rows.map((row) => toWire(deps, row)), total };
    },
    { readOnly: true },
  );
}

/** /admin/newShareCreate: a new issue whose window opens in the future. */
export async function createNewShare(deps: AdminNewShareContext, actorId: bigint, input: IssueInput) {
  const { db, now } = deps;
  const facts = issueFacts(input);
  return moneyTx(db, async (tx) => {
    if (facts.opensAt <= now()) throw new BusinessError('new_share_not_editable', { field: 'opens_at' });
    const row = await refuseDuplicate(
      () => insertIssue(tx, { ...facts, ...newSeed(), createdBy: actorId, createdAt: now() }),
      codeTaken,
    );
    await recordAudit(tx, {
      actorId,
      action: 'new_share.create',
      target: `issue:${row.id}`,
      detail: input,
      before: null,
      after: toWire(deps, row),
    });
    return { msg: 'saved' as const, data: toWire(deps, row) };
  });
}

/** /admin/newShareEdit: an issue's facts, only before its window opens. */
export async function editNewShare(deps: AdminNewShareContext, actorId: bigint, input: InputOf<'adminNewShareEdit'>) {
  const { db, now } = deps;
  const facts = issueFacts(input);
  return moneyTx(db, async (tx) => {
    const before = await existing(tx, input.id);
    if (before.withdrawnAt || before.opensAt <= now()) throw new BusinessError('new_share_not_editable');
    if (facts.opensAt <= now()) throw new BusinessError('new_share_not_editable', { field: 'opens_at' });
    const row = await refuseDuplicate(() => updateIssueBeforeOpen(tx, before.id, facts, now()), codeTaken);
    if (!row) throw new BusinessError('new_share_not_editable');
    await recordAudit(tx, {
      actorId,
      action: 'new_share.edit',
      target: `issue:${row.id}`,
      detail: input,
      before: toWire(deps, before),
      after: toWire(deps, row),
    });
    return { msg: 'saved' as const, data: toWire(deps, row) };
  });
}

/** /admin/newShareWithdraw: the issue is withdrawn before listing; its live subscriptions fail and are released. */
export async function withdrawNewShare(
  deps: AdminNewShareContext,
  actorId: bigint,
  input: InputOf<'adminNewShareWithdraw'>,
) {
  const { db, now } = deps;
  const { result, notified } = await moneyTx(db, async (tx) => {
    const before = await existing(tx, input.id);
    if (before.withdrawnAt) throw new BusinessError('new_share_not_found');
    const row = await withdrawIssueRow(tx, before.id, input.reason, now());
    if (!row) throw new BusinessError('new_share_already_listed');
    const users = await failIssueSubscriptions(tx, row, input.reason, now());
    await recordAudit(tx, {
      actorId,
      action: 'new_share.withdraw',
      target: `issue:${row.id}`,
      detail: { reason: input.reason, subscriptions_failed: users.length },
      before: { withdrawn: false },
      after: { withdrawn: true },
    });
    return { result: { msg: 'saved' as const, data: toWire(deps, row) }, notified: users };
  });
  await signalUsers(db, notified);
  return result;
}
