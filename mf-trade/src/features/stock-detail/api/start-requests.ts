import { startAhead } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { HostContext } from 'shared/mf';
import { candlesRequest, detailRequest, FIRST_PERIOD } from '../model/requests';
import { readStockRef } from '../model/stock-ref';

/**
 * The stock page's first requests, started by its route when the navigation to it starts (shared/remote-kit
 * `RouteStart`): the quote and the first period's candles, with exactly the arguments of the screen's queries, which
 * take their answers (shared/api `startAhead`). A tap on a list row thereby asks for them at the tap, not after the
 * screen has rendered and run its effects (issue 15: warm tap → chart). Nothing is shown from here.
 */
export function startStockRequests(url: URL, host: Pick<HostContext, 'getSession'>): void {
  const session = host.getSession();
  const stock = readStockRef(url.searchParams, session.market);
  if (!stock) return;
  startAhead(ENDPOINTS.stockDetail, detailRequest(stock, session.language));
  startAhead(ENDPOINTS.stockCandles, candlesRequest(stock, FIRST_PERIOD));
}
