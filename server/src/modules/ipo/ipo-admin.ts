/**
 * The back office's new-share calls: create an issue (its seed is drawn here, from the server's CSPRNG),
 * edit it only before its window opens, withdraw it (every live subscription fails and is released),
 * run its draw now (after the window closed). Every call is audited. Nothing here types a market price,
 * a premium, a hit rate or an allotment.
 *
 * The issues' list and changes are ipo-admin-issues.ts (their facts checked by ipo-issue-facts.ts), the
 * draw ipo-admin-draw.ts; this factory wires the use cases.
 */
import type { InputOf } from '../../contract-input';
import { drawNewShareNow } from './ipo-admin-draw';
import { createNewShare, editNewShare, listAdminNewShares, withdrawNewShare } from './ipo-admin-issues';
import type { AdminNewShareContext } from './ipo-context';
import type { IssueInput } from './ipo-issue-facts';

export function createAdminNewShares(deps: AdminNewShareContext) {
  return {
    list: (input: InputOf<'adminNewShares'>) => listAdminNewShares(deps, input),

    create: (actorId: bigint, input: IssueInput) => createNewShare(deps, actorId, input),

    edit: (actorId: bigint, input: InputOf<'adminNewShareEdit'>) => editNewShare(deps, actorId, input),

    withdraw: (actorId: bigint, input: InputOf<'adminNewShareWithdraw'>) => withdrawNewShare(deps, actorId, input),

    drawNow: (actorId: bigint, input: InputOf<'adminNewShareDraw'>) => drawNewShareNow(deps, actorId, input),
  };
}

export type AdminNewShares = ReturnType<typeof createAdminNewShares>;
