/**
 * Figures of the side panel, from /user/getUserinfo and the six asset calls of spec §7, combined
 * with the formula of spec §4 (shared computeAssets) so the panel and the server always agree:
 * frozen = subscribed new shares + pending withdrawals + active copy-trades + credit orders + cost
 * of holdings; total = available + frozen.
 */
import type { AxiosInstance } from 'axios';
import { computeAssets, MARKET_CURRENCY, type AssetLists } from 'shared';
import type { Market } from 'shared/mf';

export interface PanelFigures {
  account: string;
  currency: string;
  available: string;
  debt: string;
  frozen: string;
  total: string;
  holdingsValue: string;
  unrealised: string;
  realised: string;
}

type List<T> = T[] | null | undefined;
const list = <T>(v: List<T>): T[] => (Array.isArray(v) ? v : []);

export async function loadPanelFigures(http: AxiosInstance, market: Market): Promise<PanelFigures> {
  const post = async <T>(url: string): Promise<T> => (await http.post(url, { type: market })).data.data as T;
  const [info, newStocks, withdrawals, products, credits, holdings, history] = await Promise.all([
    post<{ account: string; jpy: string; jpyyjed: string; currency?: string }>('/user/getUserinfo'),
    post<List<AssetLists['newStocks'][number]>>('/trade/usernewstocklist'),
    post<List<AssetLists['withdrawals'][number]>>('/user/withdrawallist'),
    post<List<AssetLists['products'][number]>>('/trade/userproductlist'),
    post<List<AssetLists['credits'][number]>>('/trade/ustockslist'),
    post<{
      list?: Record<string, AssetLists['holdings'][number]>;
      ccsz?: string;
      fdyk?: string;
      pending_frozen?: string;
    } | null>('/trade/userstocklist'),
    post<{ lsyk?: string } | null>('/trade/userstocklists'),
  ]);
  const assets = computeAssets(info.jpy ?? '0', {
    newStocks: list(newStocks),
    withdrawals: list(withdrawals),
    products: list(products),
    credits: list(credits),
    holdings: Object.values(holdings?.list ?? {}),
    pendingOrdersFrozen: holdings?.pending_frozen,
  });
  return {
    account: info.account ?? '',
    currency: info.currency ?? MARKET_CURRENCY[market],
    available: info.jpy ?? '0',
    debt: info.jpyyjed ?? '0',
    frozen: assets.frozen,
    total: assets.total,
    holdingsValue: holdings?.ccsz ?? '0',
    unrealised: holdings?.fdyk ?? '0',
    realised: history?.lsyk ?? '0',
  };
}
