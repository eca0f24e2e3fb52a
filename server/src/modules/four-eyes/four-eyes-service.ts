/**
 * Four-eyes (issue 14; docs/decisions/0026-back-office-roles-and-four-eyes.md). An action that needs a second
 * administrator is recorded by `submit` instead of running; `decide` lets a different administrator, whose roles
 * may call the action's endpoint, approve it (the action then runs once, as the approver) or reject it.
 *
 * Exactly once: the decision is claimed with UPDATE … WHERE status = 'pending' AND requested_by <> $me RETURNING in
 * its own transaction, so of two approvers racing only one gets the row and runs the action; the other is refused
 * (four_eyes_already_decided). The action runs after that commit in its own transaction, with its own guards (a
 * withdrawal is resolved WHERE status = pending; a correction carries the idempotency key four-eyes-<id>). If it
 * is refused by a rule (or the process dies), the request stays approved with the refusal as its outcome and no
 * money moved: an approval never runs twice, a failed one is submitted again.
 */
import { adminMayCall, type EndpointName } from 'shared/contract';
import type { MessageKey } from 'shared/messages';
import type { Database, Tx } from '../../db/database';
import { BusinessError } from '../../errors';
import type { InputOf } from '../../contract-input';
import { assertMayDecideAbout } from '../admin/own-account';
import { recordAudit } from '../audit/audit-service';
import { iso, wire } from '../wire/wire';
import {
  decideFourEyesRequest,
  findPendingFourEyesId,
  getFourEyesRequest,
  insertFourEyesRequest,
  listFourEyesRequests,
  setFourEyesOutcome,
} from './four-eyes-repository';

export interface Operator {
  userId: bigint;
  roles: readonly string[];
}

export interface ActionResult {
  msg?: MessageKey | '';
  data: unknown;
}

/** The approval being served: who approves, the request's id, and the API request (handlers read it). */
export interface ApprovalContext {
  actorId: bigint;
  requestId: bigint;
  request: unknown;
}
/** What runs an approved request: the endpoint's own call, as the approver. */
export type FourEyesExecutor = (payload: unknown, context: ApprovalContext) => Promise<ActionResult>;

const PAGE_SIZE = 50;

async function listRequests(db: Database, input: InputOf<'adminApprovals'>) {
  return db.tx(
    async (tx) => {
      const status = input.status === 'all' ? null : input.status;
      const { rows, total } = await listFourEyesRequests(tx, status, {
        size: PAGE_SIZE,
        offset: (input.page - 1) * PAGE_SIZE,
      });
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          endpoint: r.endpoint,
          target: r.target,
          payload: r.payload,
          amount: r.amount === null ? null : wire(r.amount),
          currency: r.currency,
          requester: r.requester,
          requester_roles: r.requestedRoles,
          requested_at: iso(r.requestedAt),
          status: r.status,
          decider: r.decider,
          decided_at: iso(r.decidedAt),
          reason: r.reason,
          outcome: r.outcome,
        })),
        total,
      };
    },
    { readOnly: true },
  );
}

/**
 * The decision's claim, in the caller's transaction: a different administrator with the endpoint's role, never
 * about their own account, on a request still pending (a conditional update: of two deciders one wins); audited.
 */
async function claimDecision(
  tx: Tx,
  operator: Operator,
  input: InputOf<'adminApprove'>,
  id: bigint,
  status: 'approved' | 'rejected',
) {
  const request = await getFourEyesRequest(tx, id);
  if (!request) throw new BusinessError('not_found');
  if (request.requestedBy === operator.userId) throw new BusinessError('four_eyes_same_admin');
  if (!adminMayCall(operator.roles, request.endpoint)) throw new BusinessError('four_eyes_role_required');
  // Separation of duties: nobody decides about their own account (checked before the claim: nothing moves).
  if (request.subjectUserId !== null) await assertMayDecideAbout(tx, operator.userId, request.subjectUserId);
  const row = await decideFourEyesRequest(tx, { id, deciderId: operator.userId, status, reason: input.reason });
  if (!row) throw new BusinessError('four_eyes_already_decided');
  await recordAudit(tx, {
    actorId: operator.userId,
    action: `four_eyes.${input.action}`,
    target: `four_eyes:${id}`,
    detail: { endpoint: row.endpoint, target: row.target, requested_by: String(row.requestedBy) },
    before: { status: 'pending' },
    after: { status },
  });
  return row;
}

export function createFourEyesService(deps: { db: Database }) {
  const { db } = deps;
  const executors = new Map<string, FourEyesExecutor>();

  return {
    /** Registers what runs when a request of `endpoint` is approved (the API layer, once per endpoint). */
    register(endpoint: EndpointName, executor: FourEyesExecutor): void {
      executors.set(endpoint, executor);
    },

    /**
     * Records the first administrator's call; answers four_eyes_waiting and the request's id. `subjectUserId`: the
     * account the action decides about (null for a catalogue change); neither the requester nor the approver may
     * be that account (review_own_account; also a CHECK).
     */
    async submit<N extends EndpointName>(
      operator: Operator,
      endpoint: N,
      input: InputOf<N>,
      target: string,
      subjectUserId: bigint | null = null,
    ) {
      return db.tx(async (tx) => {
        if (subjectUserId !== null) await assertMayDecideAbout(tx, operator.userId, subjectUserId);
        const id = await insertFourEyesRequest(tx, {
          endpoint,
          target,
          payload: input,
          requestedBy: operator.userId,
          requestedRoles: [...operator.roles],
          subjectUserId,
        });
        if (id === undefined) {
          const pending = await findPendingFourEyesId(tx, endpoint, target);
          throw new BusinessError('four_eyes_pending_exists', { values: { id: String(pending ?? '') } });
        }
        await recordAudit(tx, {
          actorId: operator.userId,
          action: 'four_eyes.request',
          target: `four_eyes:${id}`,
          detail: { endpoint, target },
          before: null,
          after: { status: 'pending', endpoint, payload: input },
        });
        return { msg: 'four_eyes_waiting' as const, data: { four_eyes_id: Number(id) } };
      });
    },

    /** The requests of one state (or all), newest first, a page of PAGE_SIZE. */
    list: (input: InputOf<'adminApprovals'>) => listRequests(db, input),

    /** A second, different administrator decides; an approval runs the action once. */
    async decide(operator: Operator, input: InputOf<'adminApprove'>, request: unknown) {
      const id = BigInt(input.id);
      const status = input.action === 'approve' ? 'approved' : 'rejected';
      const decided = await db.tx((tx) => claimDecision(tx, operator, input, id, status));
      if (status === 'rejected') return { msg: 'saved' as const, data: { id: Number(id), status, outcome: null } };
      const endpoint = decided.endpoint as EndpointName;
      const execute = executors.get(endpoint);
      if (!execute) throw new Error(`four-eyes: no executor for ${endpoint}`);
      let result: ActionResult;
      try {
        // The payload is the request as validated at submission (the schema's output, stored as JSON).
        result = await execute(decided.payload, { actorId: operator.userId, requestId: id, request });
      } catch (error) {
        if (error instanceof BusinessError) await db.tx((tx) => setFourEyesOutcome(tx, id, { refused: error.key }));
        throw error;
      }
      const outcome = { msg: result.msg ?? '', data: result.data };
      await db.tx((tx) => setFourEyesOutcome(tx, id, outcome));
      return { msg: result.msg ?? '', data: { id: Number(id), status, outcome } };
    },
  };
}

export type FourEyesService = ReturnType<typeof createFourEyesService>;
