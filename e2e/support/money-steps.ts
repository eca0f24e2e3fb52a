/**
 * Small steps the accounts-and-money journey repeats: open a screen, read a labelled figure, submit a
 * money form (retrying once the server's 2-second limiter has passed), read fund-record rows.
 */
import type { Locator, Page } from 'playwright-core';
import { eventually, expectScreen, hashPath, openRoute, remoteScope, settle } from './app';
import { sleep } from './servers';
import { exactly, type MoneyJourney } from './money-journey';

/** Opens a route (hash change, as a link would) and waits for its heading inside its remote. */
export async function openScreen(page: Page, route: string): Promise<string> {
  await openRoute(page, route);
  const heading = await expectScreen(page, route);
  await settle(page);
  return heading;
}

/** After tapping a link: waits for the app to reach `route`, then for its screen (not the one fading out). */
export async function arriveAt(page: Page, route: string): Promise<string> {
  await eventually(`#${route}`, async () => (await hashPath(page)) === route);
  return expectScreen(page, route);
}

export const accountScope = (page: Page) => remoteScope(page, 'mf_account');
export const fundsScope = (page: Page) => remoteScope(page, 'mf_funds');

/** The value (<dd>) of a labelled figure (<dt>) inside `scope`. */
export const figure = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: exactly(label) })
    .first()
    .locator('xpath=following-sibling::dd[1]');

/**
 * Taps `submit` (or runs it) and waits until `done()` holds. When the server answers too_frequent (its money
 * limiter allows one call per action every 2 s per user) the refusal is shown; the step waits the
 * window out and taps again, up to three times.
 */
export async function submitMoney(
  j: MoneyJourney,
  scope: Locator,
  submit: Locator | (() => Promise<void>),
  what: string,
  done: () => Promise<boolean>,
): Promise<void> {
  const tooFrequent = scope.getByRole('alert').filter({ hasText: j.t.msg('too_frequent') });
  for (let attempt = 1; ; attempt += 1) {
    if (typeof submit === 'function') await submit();
    else await submit.click();
    const outcome = await eventually(`${what}: done or refused as too frequent`, async () => {
      if (await done()) return 'done';
      if (await tooFrequent.isVisible().catch(() => false)) return 'too_frequent';
      return undefined;
    });
    if (outcome === 'done') return;
    if (attempt >= 3) throw new Error(`${what}: still refused as too frequent after ${attempt} attempts`);
    await sleep(2_500);
  }
}

export interface RecordRow {
  type: string;
  amount: string;
}

/** The rows of the fund-records list: the type as shown and the signed amount with its currency. */
export async function recordRows(list: Locator): Promise<RecordRow[]> {
  const texts = await list.getByRole('listitem').allInnerTexts();
  return texts.map((text) => {
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const amount =
      text.replace(/\s+/g, ' ').match(/[+-]?\d{1,3}(?:,\d{3})*\.\d{2} [A-Z]{3}/)?.[0] ?? `(no amount in "${text}")`;
    return { type: lines[0] ?? '', amount };
  });
}

/** "300,000.00 JPY" → 300000 (for sums). */
export const amountOf = (text: string) => Number(text.replace(/[^\d.+-]/g, ''));
