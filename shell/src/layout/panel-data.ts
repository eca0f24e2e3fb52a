/**
 * Figures of the side panel: the whole account from /user/assets (every currency with spec §4's
 * figures, and their total in one display currency at the exchange's mid rates). The start-up
 * screen warms the same call, so this module stays light: the answer's shape is checked here by
 * hand, not with the contract's zod schema (that would put zod into the start-up's chunks).
 */
import type { AxiosInstance } from 'axios';
import type { AccountAssets } from 'shared/contract';
import { readAssetsDisplay, type Currency } from 'shared/money';
import type { Market } from 'shared/mf';

export type { AccountAssets };

const DECIMAL = /^-?\d+(\.\d+)?$/;

function checked(data: unknown): AccountAssets {
  const d = data as Partial<AccountAssets> | null | undefined;
  const ok =
    !!d &&
    typeof d.display === 'string' &&
    DECIMAL.test(d.total ?? '') &&
    Array.isArray(d.rates) &&
    Array.isArray(d.currencies) &&
    d.currencies.every((c) => ['available', 'frozen', 'debt', 'total'].every((k) => DECIMAL.test(c[k as 'total'])));
  if (!ok) throw new Error('malformed /user/assets answer');
  return d as AccountAssets;
}

export async function loadAccountAssets(http: AxiosInstance, display: Currency): Promise<AccountAssets> {
  const answer = await http.post('/user/assets', { display });
  return checked(answer.data?.data);
}

/**
 * The start-up screen's "colocation" step: the account in the display currency the panel will show
 * (the whole account, whatever the selected market).
 */
export function loadPanelFigures(http: AxiosInstance, _market?: Market): Promise<AccountAssets> {
  return loadAccountAssets(http, readAssetsDisplay());
}
