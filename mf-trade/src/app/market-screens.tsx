/**
 * The market screens with what they take from other features (see compose.tsx). Loaded per route
 * from routes.tsx; each loader fetches only the feature chunks its screen needs.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Quote } from 'shared/contract';
import type { QuoteSource } from '#lib/live';
import type { ScreenLoader } from 'shared/remote-kit';
import { withProps } from './compose';

const live = () => import('#lib/live').then((m) => m.liveKit);
const watchToggle = () =>
  import('../features/watchlist/components/watch-toggle').then(
    ({ WatchToggle }) =>
      function watchControl(quote: Quote, variant: 'icon' | 'full' = 'icon'): ReactNode {
        return <WatchToggle code={quote.code} market={quote.market} name={quote.name} variant={variant} />;
      },
  );

/** The stock page's watch toggle with the "Alert" action beside it (features/alerts). */
const watchAndAlert = () =>
  Promise.all([watchToggle(), import('../features/alerts/components/alert-button')]).then(
    ([watch, { AlertButton }]) =>
      function watchAndAlertControl(quote: Quote): ReactNode {
        return (
          <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end' }}>
            {watch(quote, 'full')}
            <AlertButton code={quote.code} market={quote.market} name={quote.name} currency={quote.currency} />
          </span>
        );
      },
  );

export const loadDashboard: ScreenLoader = () =>
  Promise.all([import('../features/dashboard/components/dashboard-screen'), live()]).then(([m, kit]) =>
    withProps(m.DashboardScreen, { live: kit }),
  );

export const loadQuotes: ScreenLoader = () =>
  Promise.all([import('../features/quotes/components/quotes-screen'), live()]).then(([m, kit]) =>
    withProps(m.QuotesScreen, { live: kit }),
  );

export const loadSearch: ScreenLoader = () =>
  Promise.all([import('../features/quotes/components/search-screen'), watchToggle()]).then(([m, watch]) =>
    withProps(m.SearchScreen, { watchControl: (q: Quote) => watch(q) }),
  );

/** The watchlist shows fired price alerts as toasts too (features/alerts; the stock page's Alert action does). */
export const loadWatchlist: ScreenLoader = () =>
  Promise.all([
    import('../features/watchlist/components/watchlist-screen'),
    live(),
    import('../features/alerts/components/alert-toasts'),
  ]).then(([m, kit, { useAlertToasts }]) => {
    const Screen = withProps(m.WatchlistScreen, { live: kit });
    return function WatchlistWithAlerts() {
      useAlertToasts();
      return <Screen />;
    };
  });

/** The stock detail with a trade panel: the route table passes the trade feature's loader. */
export function loadStockDetail(
  tradePanel: () => Promise<(quote: Quote, source: QuoteSource) => ReactNode>,
): ScreenLoader {
  return () =>
    Promise.all([
      import('../features/stock-detail/components/stock-detail-screen'),
      live(),
      watchAndAlert(),
      tradePanel(),
    ]).then(([m, kit, watch, trade]): ComponentType =>
      withProps(m.StockDetailScreen, { live: kit, watchControl: watch, tradePanel: trade }),
    );
}
