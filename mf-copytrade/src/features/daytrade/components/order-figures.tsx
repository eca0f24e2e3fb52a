import type { DayTrade, Quote } from 'shared/contract';
import { Decimal, formatMoney } from 'shared/money';
import { Money, StatusBadge } from 'shared/ui';
import { DetailList, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { notionalOf, type DayOrderDraft } from '../model/day-order';
import styles from './day-trading.module.css';

export interface QuoteLineProps {
  /** The code the quote is asked for ('' while none is typed). */
  code: string;
  quote: { data?: Quote; isFetching: boolean; isError: boolean };
}

/** The typed code's stock: name, last price (labelled simulated when it is) and today's price limits. */
export function QuoteLine({ code, quote }: QuoteLineProps) {
  const { t } = useRemoteTranslation();
  const data = quote.data && quote.data.code === code ? quote.data : undefined;
  if (!code) return <p className={layout.note}>{t('day.order.codeHint')}</p>;
  if (!data) {
    return quote.isError ? (
      <p className={styles.error} role="alert">
        {t('day.order.quoteMissing', { code })}
      </p>
    ) : (
      <p className={layout.note}>{t('day.order.quoteLoading')}</p>
    );
  }
  const limits = data.limit_down !== null || data.limit_up !== null;
  return (
    <div>
      <p className={styles.quote} data-testid="ct-day-quote">
        <span className={styles.name}>{t('day.order.stock', { name: data.name, code: data.code })}</span>
        <span>
          {t('day.order.lastPrice')} <Money value={data.price} currency={data.currency} />
        </span>
        {data.simulated ? <StatusBadge label={t('day.simulated')} tone="warning" /> : null}
      </p>
      <p className={layout.note}>
        {limits
          ? t('day.order.limits', {
              down: data.limit_down ? formatMoney(data.limit_down) : '—',
              up: data.limit_up ? formatMoney(data.limit_up) : '—',
            })
          : t('day.order.noLimits')}
      </p>
    </div>
  );
}

export interface OrderFiguresProps {
  draft: DayOrderDraft;
  lastPrice: string | undefined;
  application: Pick<DayTrade, 'remaining' | 'currency'>;
}

/** Before sending: the order's notional (price × quantity) next to the remaining allowance, and whether it fits. */
export function OrderFigures({ draft, lastPrice, application }: OrderFiguresProps) {
  const { t } = useRemoteTranslation();
  const notional = notionalOf(draft, lastPrice);
  const beyond = notional?.greaterThan(application.remaining) ?? false;
  return (
    <div aria-live="polite">
      <DetailList
        className={styles.figures}
        items={[
          {
            id: 'notional',
            label: t(draft.priceType === 'market' ? 'day.order.notionalMarket' : 'day.order.notional'),
            value: notional ? <Money value={notional.toFixed()} currency={application.currency} /> : '—',
          },
          {
            id: 'remaining',
            label: t('day.field.remaining'),
            value: <Money value={application.remaining} currency={application.currency} />,
          },
        ]}
      />
      {beyond ? (
        <p className={styles.error} role="note">
          {t('day.order.beyond', {
            over: `${formatMoney(notional!.minus(new Decimal(application.remaining)))} ${application.currency}`,
          })}
        </p>
      ) : null}
    </div>
  );
}
