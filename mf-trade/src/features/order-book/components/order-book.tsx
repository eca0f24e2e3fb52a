import type { Market } from 'shared/mf';
import { formatMoney } from 'shared/money';
import { Button, Card, Skeleton, StatusBadge } from 'shared/ui';
import { useRemoteTranslation } from '#lib';
import { POLL_MS, useLiveDepth } from '#lib/live';
import { useGetStockDepthQuery } from '../api/get-stock-depth';
import { bookRows, newerBook, type BookRow } from '../model/book-rows';
import styles from './order-book.module.css';

export interface OrderBookProps {
  market: Market;
  code: string;
  /** A tapped level's price, for the trade form's limit price (src/app connects the two). */
  onPick?: (price: string) => void;
}

/**
 * The order book (板) on the stock page: five bid and five ask levels with their sizes, live over the
 * stream (the newer of the streamed and the fetched book; refetched every few seconds while the
 * stream is unavailable), bids in the up colour and asks in the down colour, each size with a bar
 * against the largest. Tapping a level hands its price to the trade form. Labelled simulated.
 */
export function OrderBook({ market, code, onPick }: OrderBookProps) {
  const { t } = useRemoteTranslation();
  const streamed = useLiveDepth(market, code);
  const fetched = useGetStockDepthQuery(
    { market, code },
    { pollingInterval: streamed.mode === 'polling' ? POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  const book = newerBook(fetched.currentData, streamed.book);

  if (!book) {
    return (
      <Card title={t('book.title')} className={styles.card} aria-label={t('book.title')}>
        {fetched.isError ? (
          <div className={styles.failed} role="alert">
            <p>{t('book.failed')}</p>
            <Button variant="secondary" onClick={() => fetched.refetch()}>
              {t('list.retry')}
            </Button>
          </div>
        ) : (
          <Skeleton height="120px" />
        )}
      </Card>
    );
  }

  const { bids, asks } = bookRows(book);
  const side = (kind: 'bid' | 'ask', rows: BookRow[]) => (
    <div className={styles.side}>
      <p className={styles.sideHead} aria-hidden="true">
        <span>{t(`book.${kind}`)}</span>
        <span>{t('book.size')}</span>
      </p>
      {rows.length === 0 ? (
        <p className={styles.none}>{t('book.none')}</p>
      ) : (
        <ul className={styles.levels} aria-label={t(`book.${kind}s`)}>
          {rows.map((row) => {
            const level = t(`book.${kind}Level`, { n: row.level });
            const price = formatMoney(row.price);
            const size = formatMoney(row.volume, { decimals: 0 });
            return (
              <li key={row.level}>
                <button
                  type="button"
                  className={`${styles.level} ${kind === 'bid' ? styles.bid : styles.ask}`}
                  aria-label={t('book.pick', { level, price, size })}
                  onClick={() => onPick?.(row.price)}
                >
                  <span className={styles.bar} style={{ width: `${row.bar}%` }} aria-hidden="true" />
                  <span className={styles.price}>{price}</span>
                  <span className={styles.size}>{size}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <Card
      title={t('book.title')}
      className={styles.card}
      aria-label={t('book.title')}
      extra={book.simulated ? <StatusBadge label={t('book.simulated')} tone="warning" /> : undefined}
    >
      {book.status === 'open' ? null : <p className={styles.note}>{t(`book.${book.status}`)}</p>}
      <div className={styles.sides}>
        {side('bid', bids)}
        {side('ask', asks)}
      </div>
      {onPick ? <p className={styles.hint}>{t('book.hint')}</p> : null}
    </Card>
  );
}
