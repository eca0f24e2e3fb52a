/**
 * Cross-user cases of the authorization suite (authorization.test.ts): user A (owner) creates
 * something, user B (intruder) names it in a call, and B must learn nothing and change nothing.
 * Each slice appends its cases here (the money side: deposits, withdrawals, loans, orders).
 *
 * A case arranges A's resource and answers the request B sends; the suite posts it with B's
 * session and expects `refusal` (HTTP 200, status 0), or runs `check` for reads that must simply
 * not contain A's data; `unchanged` then verifies A's resource as A sees it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EndpointName } from 'shared/contract';
import type { MessageKey } from 'shared/messages';
import { TINY_PNG, addCard, markVerified, postMultipart, registerAdmin } from './accounts';
import { grantStepUp } from './second-factor';
import { post, type Answer, type LoggedIn } from './users';

export interface CrossUserContext {
  app: FastifyInstance;
  owner: LoggedIn;
  intruder: LoggedIn;
}

export interface CrossUserRequest {
  form: Record<string, string>;
  /** Anything the later checks need (ids, the owner's view before the attempt). */
  state?: Record<string, unknown>;
}

export interface CrossUserCase {
  endpoint: EndpointName;
  title: string;
  arrange(ctx: CrossUserContext): Promise<CrossUserRequest>;
  /** The key B gets. Omit for reads checked with `check`. */
  refusal?: MessageKey;
  /** For reads: asserts B's answer holds nothing of A's (throw or use expect). */
  check?(answer: Answer, ctx: CrossUserContext, request: CrossUserRequest): void | Promise<void>;
  /** Asserts A's resource is as it was (throw or use expect). */
  unchanged?(ctx: CrossUserContext, request: CrossUserRequest): Promise<void>;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function ownerCards(ctx: CrossUserContext) {
  return (await post(ctx.app, '/user/banks', {}, ctx.owner.headers)).body.data as Array<{
    id: number;
    bank_name: string;
  }>;
}

async function cardOfOwner(ctx: CrossUserContext): Promise<CrossUserRequest> {
  await markVerified(ctx.app, ctx.owner);
  await markVerified(ctx.app, ctx.intruder);
  const id = await addCard(ctx.app, ctx.owner);
  // The intruder holds a step-up grant of their own session: the refusal is the ownership rule, not the step-up.
  const stepUp = await grantStepUp(ctx.app, ctx.intruder.headers, 'bank_card');
  return { form: { id: String(id), step_up: stepUp }, state: { id, before: await ownerCards(ctx) } };
}

const cardsUnchanged = async (ctx: CrossUserContext, request: CrossUserRequest) => {
  const after = await ownerCards(ctx);
  assert(JSON.stringify(after) === JSON.stringify(request.state?.before), 'owner cards changed');
};

/** A's inbox message (raised by an identity review), by id. */
async function messageOfOwner(ctx: CrossUserContext): Promise<CrossUserRequest> {
  const admin = await registerAdmin(ctx.app);
  const submitted = await postMultipart(
    ctx.app,
    '/user/realname',
    { name: '山田 太郎', id_number: 'AB1234567', privacy: '1' },
    {
      front: { data: TINY_PNG, filename: 'front.png', contentType: 'image/png' },
      back: { data: TINY_PNG, filename: 'back.png', contentType: 'image/png' },
    },
    ctx.owner.headers,
  );
  assert(submitted.body.status === 1, `realname failed: ${submitted.body.msg}`);
  const pending = (await post(ctx.app, '/admin/realnames', { status: 'pending' }, admin.headers)).body.data
    .list as Array<{ id: number; account: string }>;
  const check = pending.find((row) => row.account === ctx.owner.account);
  assert(check, 'no pending check');
  const reviewed = await post(
    ctx.app,
    '/admin/realnameReview',
    { id: String(check.id), action: 'approve' },
    admin.headers,
  );
  assert(reviewed.body.status === 1, `review failed: ${reviewed.body.msg}`);
  const inbox = (await post(ctx.app, '/user/messages', {}, ctx.owner.headers)).body.data as {
    list: Array<{ id: number; read: boolean }>;
  };
  const message = inbox.list[0];
  assert(message && !message.read, 'no unread message');
  const info = (await post(ctx.app, '/user/realnameInfo', {}, ctx.owner.headers)).body.data as { front_id: string };
  return { form: { id: String(message.id) }, state: { messageId: message.id, frontId: info.front_id } };
}

export const CROSS_USER_CASES: CrossUserCase[] = [
  {
    endpoint: 'bankEdit',
    title: 'B cannot edit A’s card',
    arrange: async (ctx) => {
      const request = await cardOfOwner(ctx);
      return {
        ...request,
        form: {
          id: request.form.id!,
          step_up: request.form.step_up!,
          holder_name: '山田 太郎',
          card_number: '99999999',
          card_type: 'checking',
          bank_name: 'Evil Bank',
          branch_name: 'X',
          branch_code: '999',
        },
      };
    },
    refusal: 'card_not_found',
    unchanged: cardsUnchanged,
  },
  {
    endpoint: 'bankDelete',
    title: 'B cannot delete A’s card',
    arrange: cardOfOwner,
    refusal: 'card_not_found',
    unchanged: cardsUnchanged,
  },
  {
    endpoint: 'banks',
    title: 'B’s card list never shows A’s card',
    arrange: cardOfOwner,
    check: (answer, _ctx, request) => {
      const ids = (answer.body.data as Array<{ id: number }>).map((card) => card.id);
      assert(!ids.includes(request.state?.id as number), 'intruder sees owner card');
    },
  },
  {
    endpoint: 'messageInfo',
    title: 'B cannot read (or mark read) A’s message',
    arrange: messageOfOwner,
    refusal: 'not_found',
    unchanged: async (ctx, request) => {
      const inbox = (await post(ctx.app, '/user/messages', {}, ctx.owner.headers)).body.data as {
        list: Array<{ id: number; read: boolean }>;
        unread: number;
      };
      const message = inbox.list.find((m) => m.id === request.state?.messageId);
      assert(message && !message.read && inbox.unread === 1, 'owner message was marked read');
    },
  },
  {
    endpoint: 'messages',
    title: 'B’s inbox never lists A’s message',
    arrange: messageOfOwner,
    check: (answer, _ctx, request) => {
      const data = answer.body.data as { list: Array<{ id: number }>; unread: number };
      assert(!data.list.some((m) => m.id === request.state?.messageId), 'intruder sees owner message');
    },
  },
  {
    endpoint: 'image',
    title: 'B cannot fetch A’s ID image',
    arrange: async (ctx) => {
      const request = await messageOfOwner(ctx);
      return { form: { id: String(request.state?.frontId) }, state: request.state };
    },
    refusal: 'not_found',
  },
  {
    endpoint: 'realname',
    title: 'B’s identity submission (without images) never touches A’s state',
    arrange: async (ctx) => ({
      form: { name: '山田 太郎', id_number: 'AB1234567', privacy: '1' },
      state: { owner: (await post(ctx.app, '/user/realnameInfo', {}, ctx.owner.headers)).body.data },
    }),
    refusal: 'id_images_required',
    unchanged: async (ctx, request) => {
      const now = (await post(ctx.app, '/user/realnameInfo', {}, ctx.owner.headers)).body.data;
      assert(JSON.stringify(now) === JSON.stringify(request.state?.owner), 'owner identity changed');
    },
  },
];

// ---- money side (deposits, loans, fund records, balances) -------------------------------------

/** A's deposit (pending), loan (approved, outstanding) and a correction, so every money list of A has rows. */
async function moneyOfOwner(ctx: CrossUserContext): Promise<CrossUserRequest> {
  const { moneyReadyUser, fund } = await import('../testing/money');
  const owner = await moneyReadyUser(ctx.app);
  await fund(ctx.app, owner.userId, '50000');
  const admin = await registerAdmin(ctx.app);
  const deposit = await postMultipart(
    ctx.app,
    '/funds/deposit',
    { amount: '1000', currency: 'JPY', channel_id: 'jp-mufg' },
    {
      proof: { data: TINY_PNG, filename: 'proof.png', contentType: 'image/png' },
    },
    owner.headers,
  );
  assert(deposit.body.status === 1, `deposit failed: ${deposit.body.msg}`);
  const loan = await post(ctx.app, '/funds/loanApply', { amount: '10000', term_days: '30' }, owner.headers);
  assert(loan.body.status === 1, `loanApply failed: ${loan.body.msg}`);
  const approved = await post(
    ctx.app,
    '/admin/loanReview',
    { id: String(loan.body.data.id), action: 'approve' },
    admin.headers,
  );
  assert(approved.body.status === 1, `loanReview failed: ${approved.body.msg}`);
  const view = async () => ({
    balances: (await post(ctx.app, '/funds/balances', {}, owner.headers)).body.data,
    loans: (await post(ctx.app, '/funds/loans', {}, owner.headers)).body.data,
    deposits: (await post(ctx.app, '/funds/deposits', {}, owner.headers)).body.data,
  });
  return {
    form: { id: String(loan.body.data.id), amount: '10000' },
    state: {
      loanId: loan.body.data.id,
      depositNo: deposit.body.data.order_no,
      loanNo: loan.body.data.order_no,
      before: await view(),
      view,
    },
  };
}

const moneyUnchanged = async (_ctx: CrossUserContext, request: CrossUserRequest) => {
  const after = await (request.state?.view as () => Promise<unknown>)();
  assert(JSON.stringify(after) === JSON.stringify(request.state?.before), 'owner money changed');
};

const holdsNothingOfOwner = (answer: Answer, _ctx: CrossUserContext, request: CrossUserRequest) => {
  const text = JSON.stringify(answer.body.data ?? null);
  for (const no of [request.state?.depositNo, request.state?.loanNo])
    assert(!text.includes(String(no)), 'intruder sees owner order');
};

CROSS_USER_CASES.push(
  {
    endpoint: 'loanRepay',
    title: 'B cannot repay (or touch) A’s loan',
    arrange: moneyOfOwner,
    refusal: 'not_found',
    unchanged: moneyUnchanged,
  },
  {
    endpoint: 'loans',
    title: 'B’s loan list never shows A’s loan',
    arrange: moneyOfOwner,
    check: holdsNothingOfOwner,
    unchanged: moneyUnchanged,
  },
  {
    endpoint: 'deposits',
    title: 'B’s deposit list never shows A’s deposit',
    arrange: moneyOfOwner,
    check: holdsNothingOfOwner,
    unchanged: moneyUnchanged,
  },
  {
    endpoint: 'records',
    title: 'B’s fund records never show A’s movements',
    arrange: moneyOfOwner,
    check: holdsNothingOfOwner,
    unchanged: moneyUnchanged,
  },
  {
    endpoint: 'balances',
    title: 'B’s balances are B’s own (zero), never A’s',
    arrange: moneyOfOwner,
    check: (answer) => {
      const rows = answer.body.data as Array<{ available: string; frozen: string }>;
      assert(
        rows.every((b) => b.available === '0' && b.frozen === '0'),
        'intruder sees money',
      );
    },
    unchanged: moneyUnchanged,
  },
);

// Market data: the watchlist is per user.
async function watchOfOwner(ctx: CrossUserContext): Promise<CrossUserRequest> {
  const added = await post(ctx.app, '/stock/watchAdd', { code: '7203', market: 'jpy' }, ctx.owner.headers);
  assert(added.body.status === 1, `watchAdd failed: ${added.body.msg}`);
  return { form: { code: '7203', market: 'jpy' } };
}
const watchUnchanged = async (ctx: CrossUserContext) => {
  const list = (await post(ctx.app, '/stock/watchlist', {}, ctx.owner.headers)).body.data.list as Array<{
    code: string;
  }>;
  assert(list.length === 1 && list[0]!.code === '7203', 'owner watchlist changed');
};
CROSS_USER_CASES.push(
  {
    endpoint: 'watchRemove',
    title: 'B removing A’s watched stock leaves A’s watchlist alone',
    arrange: watchOfOwner,
    check: () => undefined,
    unchanged: watchUnchanged,
  },
  {
    endpoint: 'watchlist',
    title: 'B’s watchlist never shows A’s stocks',
    arrange: watchOfOwner,
    check: (answer) => assert((answer.body.data.list as unknown[]).length === 0, 'intruder sees owner watchlist'),
    unchanged: watchUnchanged,
  },
);

// Trading: orders and positions are per user. A's order is written directly (this suite runs on the
// real clock, when markets may be closed; placement itself is trade.test.ts's subject).
async function orderOfOwner(ctx: CrossUserContext, status: 0 | 3): Promise<CrossUserRequest> {
  const [row] = (
    await ctx.app.db.tx((tx) =>
      tx.execute(sql`
      INSERT INTO positions (user_id, order_no, market, currency, code, name, direction, price_type, leverage,
                             stock_num, buy_price, limit_price, cost, margin, status, opened_at, open_date)
      SELECT id, ${`TAUTH${ctx.owner.account}${status}`}, 'jpy', 'JPY', '7203', 'Toyota Motor', 'long', 'limit', 1,
             100, 2400, 2400, 240000, 240000, ${status},
             ${status === 0 ? sql`now()` : sql`NULL`}, ${status === 0 ? sql`current_date` : sql`NULL`}
      FROM users WHERE account = ${ctx.owner.account} RETURNING id`),
    )
  ).rows as Array<{ id: string | number }>;
  const id = String(row!.id);
  const before = (await post(ctx.app, '/trade/position', { id }, ctx.owner.headers)).body.data;
  assert(before && before.status === status, 'owner order missing');
  return { form: { id }, state: { id, before } };
}
const orderUnchanged = async (ctx: CrossUserContext, request: CrossUserRequest) => {
  const now = (await post(ctx.app, '/trade/position', { id: request.state!.id as string }, ctx.owner.headers)).body
    .data as { status: number; close_requested_at: string | null; cancelled_at: string | null };
  const before = request.state!.before as typeof now;
  assert(
    now.status === before.status &&
      now.close_requested_at === before.close_requested_at &&
      now.cancelled_at === before.cancelled_at,
    'owner order changed',
  );
};
CROSS_USER_CASES.push(
  {
    endpoint: 'position',
    title: 'B cannot read A’s position',
    arrange: (ctx) => orderOfOwner(ctx, 0),
    refusal: 'not_found',
    unchanged: orderUnchanged,
  },
  {
    endpoint: 'closePosition',
    title: 'B cannot close A’s position',
    arrange: (ctx) => orderOfOwner(ctx, 0),
    refusal: 'not_found',
    unchanged: orderUnchanged,
  },
  {
    endpoint: 'addMargin',
    title: 'B cannot add margin to A’s position',
    arrange: async (ctx) => {
      const owned = await orderOfOwner(ctx, 0);
      return { ...owned, form: { ...owned.form, amount: '100' } };
    },
    refusal: 'not_found',
    unchanged: orderUnchanged,
  },
  {
    endpoint: 'cancelOrder',
    title: 'B cannot cancel A’s pending order',
    arrange: (ctx) => orderOfOwner(ctx, 3),
    refusal: 'not_found',
    unchanged: orderUnchanged,
  },
  {
    endpoint: 'orders',
    title: 'B’s order list never shows A’s orders',
    arrange: async (ctx) => ({ ...(await orderOfOwner(ctx, 3)), form: { market: 'jpy' } }),
    check: (answer) =>
      assert(
        (answer.body.data.list as unknown[]).length === 0 && answer.body.data.total === 0,
        'intruder sees owner orders',
      ),
    unchanged: orderUnchanged,
  },
  {
    endpoint: 'holdings',
    title: 'B’s holdings never show A’s position',
    arrange: async (ctx) => ({ ...(await orderOfOwner(ctx, 0)), form: { type: 'jpy' } }),
    check: (answer) =>
      assert(Object.keys(answer.body.data.list as object).length === 0, 'intruder sees owner holdings'),
    unchanged: orderUnchanged,
  },
);
