/**
 * Steps of the trading journey that are not the investor's screens: making a verified, funded
 * investor through the API and the back office (register → identity → approved → bank card → JPY
 * deposit with proof → approved → exchanges to USD and CNY), moving the server's test clock, and
 * reading the investor's orders and quotes as the app would.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { api, registerAndLogIn } from './app';
import { approvePending, type MoneyServer } from './money-server';
import type { UploadFiles } from './money-journey';
import { sleep } from './servers';

export interface Investor {
  token: string;
  account: string;
  is_admin: string;
}

type Answer = { http: number; status?: number; msg?: string; data?: unknown };

/**
 * POST /api/vue<path> as the investor (form-encoded), with an Idempotency-Key when asked; the HTTP status and the
 * answer.
 */
async function postAs(
  baseUrl: string,
  who: Investor,
  path: string,
  body: Record<string, string>,
  idempotent: boolean,
): Promise<{ http: number; answer: Answer & { values?: Record<string, string> } }> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    token: who.token,
    account: who.account,
  };
  if (idempotent) headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(body).toString(),
  });
  return { http: res.status, answer: (await res.json()) as Answer & { values?: Record<string, string> } };
}

/** POST /api/vue<path> as the investor; throws unless status 1. */
export async function call(
  baseUrl: string,
  who: Investor,
  path: string,
  body: Record<string, string>,
  idempotent = false,
): Promise<unknown> {
  const { http, answer } = await postAs(baseUrl, who, path, body, idempotent);
  if (answer.status !== 1)
    throw new Error(`POST ${path} ${JSON.stringify(body)}: HTTP ${http} ${JSON.stringify(answer)}`);
  return answer.data;
}

/**
 * POST /api/vue<path> as the investor, straight to the server (no client checks), expecting a
 * refusal: answers its message key and values; throws when the server accepted it.
 */
export async function refusedBy(
  baseUrl: string,
  who: Investor,
  path: string,
  body: Record<string, string>,
): Promise<{ msg: string; values?: Record<string, string> }> {
  const { http, answer } = await postAs(baseUrl, who, path, body, true);
  if (answer.status !== 0 || typeof answer.msg !== 'string')
    throw new Error(`POST ${path} ${JSON.stringify(body)} was not refused: HTTP ${http} ${JSON.stringify(answer)}`);
  return { msg: answer.msg, ...(answer.values ? { values: answer.values } : {}) };
}

/** A multipart POST (identity images, deposit proof) as the investor; throws unless status 1. */
async function upload(
  baseUrl: string,
  who: Investor,
  path: string,
  fields: Record<string, string>,
  files: Record<string, string>,
  idempotent = false,
): Promise<unknown> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, file] of Object.entries(files)) {
    const type = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
    form.append(k, new Blob([readFileSync(file)], { type }), file.split('/').pop());
  }
  const headers: Record<string, string> = { token: who.token, account: who.account };
  if (idempotent) headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${baseUrl}/api/vue${path}`, { method: 'POST', headers, body: form });
  const answer = (await res.json()) as Answer;
  if (answer.status !== 1) throw new Error(`POST ${path} (multipart): HTTP ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Retries a money call refused as too_frequent (the server allows one per action every 2 s per user). */
async function money<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('too_frequent')) throw error;
      await sleep(2_200);
    }
  }
}

export interface Funding {
  jpy: string;
  /** What the exchanges credited, as the server booked it. */
  usd: string;
  cny: string;
}

/**
 * A step-up over the API for an investor with no second factor (issue 33): /user/stepUpOptions mails a code, read
 * from the server's mailbox, and /user/stepUp answers the grant for `action` (five minutes).
 */
export async function apiStepUp(server: MoneyServer, who: Investor, action: string, password: string): Promise<string> {
  const since = server.mailbox.mails.length;
  await call(server.baseUrl, who, '/user/stepUpOptions', { lang: 'us' });
  const code = await server.mailbox.codeFor(`${who.account}@example.test`, since);
  const answer = (await call(server.baseUrl, who, '/user/stepUp', { action, password, email_code: code })) as {
    step_up: string;
  };
  return answer.step_up;
}

/**
 * A verified investor with money in the three market currencies: identity and deposit approved by
 * the back office, USD and CNY bought with JPY through /funds/exchange (every figure from the ledger).
 */
export async function fundInvestor(
  server: MoneyServer,
  account: string,
  password: string,
  files: UploadFiles,
  amounts: { deposit: number; toUsd: number; toCny: number },
): Promise<{ investor: Investor; funding: Funding }> {
  const base = server.baseUrl;
  const investor = await registerAndLogIn(base, account, password);
  await upload(
    base,
    investor,
    '/user/realname',
    { name: 'Taro Yamada', id_number: `ID-${account}`, privacy: '1' },
    { front: files.idFront, back: files.idBack },
  );
  await approvePending(server, 'realname', account);
  // A card change needs a step-up: the password and the code the server mails (the investor has no second factor).
  const stepUp = await apiStepUp(server, investor, 'bank_card', password);
  await call(base, investor, '/user/bankAdd', {
    step_up: stepUp,
    holder_name: 'Taro Yamada',
    card_number: `62${account}`,
    card_type: 'ordinary',
    bank_name: 'Mizuho Bank',
    branch_name: 'Tokyo Main Office',
    branch_code: '001',
  });
  const channels = (await call(base, investor, '/funds/channels', { lang: 'us' })) as {
    channels: Array<{ id: string; currency: string }>;
  };
  const jpyChannel = channels.channels.find((c) => c.currency === 'JPY');
  if (!jpyChannel) throw new Error(`no JPY deposit channel: ${JSON.stringify(channels)}`);
  await money(() =>
    upload(
      base,
      investor,
      '/funds/deposit',
      { amount: String(amounts.deposit), currency: 'JPY', channel_id: jpyChannel.id },
      { proof: files.proof },
      true,
    ),
  );
  await approvePending(server, 'deposit', account);
  const usd = (await money(() =>
    call(base, investor, '/funds/exchange', { from: 'JPY', to: 'USD', amount: String(amounts.toUsd) }, true),
  )) as { credited: string };
  const cny = (await money(() =>
    call(base, investor, '/funds/exchange', { from: 'JPY', to: 'CNY', amount: String(amounts.toCny) }, true),
  )) as { credited: string };
  return {
    investor,
    funding: { jpy: String(amounts.deposit - amounts.toUsd - amounts.toCny), usd: usd.credited, cny: cny.credited },
  };
}

/**
 * Moves the server's test clock (POST /api/vue/test/clock): to an instant, or forward by ms. The matcher runs once
 * after the move.
 */
export async function moveClock(
  baseUrl: string,
  move: { to: string } | { advance_ms: number },
): Promise<{ now: string; matched: unknown }> {
  const body: Record<string, string> = 'to' in move ? { to: move.to } : { advance_ms: String(move.advance_ms) };
  const answer = await api(baseUrl, '/test/clock', body);
  if (answer.status !== 1)
    throw new Error(`POST /test/clock ${JSON.stringify(body)}: HTTP ${answer.http} ${JSON.stringify(answer)}`);
  return answer.data as { now: string; matched: unknown };
}

export interface QuoteSnapshot {
  price: string;
  /** The session's opening price. */
  open: string;
  limit_up: string | null;
  limit_down: string | null;
  tick_size: string;
  status: string;
  next_open: string | null;
}

export const quoteOf = (baseUrl: string, who: Investor, code: string, market: string) =>
  call(baseUrl, who, '/stock/detail', { code, market, lang: 'us' }) as Promise<QuoteSnapshot>;

export interface OrderSnapshot {
  id: number;
  order_no: string;
  code: string;
  state: string;
  direction: string;
  price_type: string;
  limit_price: string | null;
  buy_price: string;
  /** A pending order placed while its market is closed or at lunch (issue 13). */
  waiting_for_open: boolean;
}

export async function ordersOf(
  baseUrl: string,
  who: Investor,
  market: string,
  status: string,
): Promise<OrderSnapshot[]> {
  const data = (await call(baseUrl, who, '/trade/orders', { market, status, lang: 'us' })) as { list: OrderSnapshot[] };
  return data.list;
}

/** The order numbers of `market` /trade/orders lists now (every state). */
export async function orderNumbers(baseUrl: string, who: Investor, market: string): Promise<Set<string>> {
  return new Set((await ordersOf(baseUrl, who, market, 'all')).map((o) => o.order_no));
}

/** The one order of `market` that is not in `before` (the order just placed), as /trade/orders has it. */
export async function newOrderOf(
  baseUrl: string,
  who: Investor,
  market: string,
  before: Set<string>,
): Promise<OrderSnapshot | undefined> {
  const fresh = (await ordersOf(baseUrl, who, market, 'all')).filter((o) => !before.has(o.order_no));
  if (fresh.length > 1) throw new Error(`more than one new ${market} order: ${JSON.stringify(fresh)}`);
  return fresh[0];
}

/** A price `ticks` tick sizes below `price`, on the tick grid (decimal arithmetic in integer ticks). */
export function ticksBelow(price: string, tickSize: string, ticks: number): string {
  const decimals = (tickSize.split('.')[1] ?? '').length;
  const scale = 10 ** decimals;
  const tick = Math.round(Number(tickSize) * scale);
  const units = Math.floor(Math.round(Number(price) * scale) / tick) * tick - ticks * tick;
  return (units / scale).toFixed(decimals);
}

/**
 * Records every toast the shell shows from now on (window.__tradeToasts), one entry per toast shown: each toast is a
 * new .sh-toast element (keyed by its id), so the same text shown twice in a row (one toast replacing another before
 * its 2 s are up) is two entries.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tradeToasts?: string[] };
    if (w.__tradeToasts) return;
    const seen: string[] = [];
    w.__tradeToasts = seen;
    new MutationObserver((mutations) => {
      for (const m of mutations)
        m.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement && node.classList.contains('sh-toast'))
            seen.push((node.textContent ?? '').trim());
        });
    }).observe(document.body, { subtree: true, childList: true });
  });
}

export const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tradeToasts?: string[] }).__tradeToasts ?? []);
