/**
 * What the investor sees of issue 10's points, as the journeys assert it: the unread badge on the home header's
 * account button (with the button's accessible name), the side panel's inbox count, and an image that really loaded.
 */
import type { Locator, Page } from 'playwright-core';
import { eventually, remoteScope } from './app';
import { exactly, type Texts } from './money-journey';

/** The count the home header's badge shows (0 when there is no badge). */
export async function inboxBadge(page: Page): Promise<number> {
  const badge = remoteScope(page, 'mf_trade').getByTestId('inbox-badge');
  if (!(await badge.count())) return 0;
  return Number((await badge.innerText()).trim());
}

/** The home header's account button as it should be named with `count` unread messages. */
export function accountButton(page: Page, t: Texts, count: number): Locator {
  const name = count ? t.trade('dashboard.openPanelUnread', { count }) : t.trade('dashboard.openPanel');
  return remoteScope(page, 'mf_trade').getByRole('button', { name: exactly(name) });
}

/** Waits (no reload) until the home header shows `count` unread: the badge's figure and the button's name. */
export async function expectBadge(page: Page, t: Texts, count: number): Promise<void> {
  await eventually(`the inbox badge to show ${count}`, async () => (await inboxBadge(page)) === count);
  await accountButton(page, t, count).waitFor();
}

/** The side panel's inbox entry and the unread count it shows. */
export function panelInbox(panel: Locator, t: Texts) {
  const link = panel.getByRole('link', { name: new RegExp(`^\\s*${t.common('panel.links.message')}`) });
  return { link, count: link.getByRole('status') };
}

/** Waits until `img` has loaded and decoded a real picture (naturalWidth > 0), not a broken image. */
export async function expectImageLoaded(img: Locator, what: string): Promise<void> {
  await img.waitFor();
  await eventually(`${what} to load (naturalWidth > 0)`, () =>
    img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0),
  );
}
