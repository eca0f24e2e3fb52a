import type { DayTrade, DayTradeConfig, DayTradeCurrent } from 'shared/contract';
import { Card, Money, StatusBadge } from 'shared/ui';
import { DetailList, formatMarketTime, layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { DAY_TONES, isTrading } from '../model/day-states';
import { DayOrderForm } from './day-order-form';
import { DayPositions } from './day-positions';
import styles from './day-trading.module.css';

export interface ApplicationCardProps {
  /** The market's trade date with its application (not null here) and positions. */
  day: DayTradeCurrent;
  /** The market's terms from /daytrade/config: its session's close. */
  terms: DayTradeConfig['markets'][number] | undefined;
}

/**
 * One market's application for its trade date: the status chip in the spec's words, participation, allowance,
 * used, remaining and the day's P&L; once approved the order form, the day's positions and the close rule.
 */
export function ApplicationCard({ day, terms }: ApplicationCardProps) {
  const { t, i18n } = useRemoteTranslation();
  const application = day.application!;
  const trading = isTrading(application);
  // The session's close is known for the trade date /daytrade/config describes (today's, until it closes).
  const closes =
    terms && terms.trade_date === application.trade_date
      ? formatMarketTime(terms.session_closes, application.market, i18n.language)
      : undefined;
  return (
    <Card
      title={t('day.today.cardTitle', { market: t(`products.market.${day.market}`), date: day.trade_date })}
      extra={<StatusBadge label={t(`day.state.${application.status}`)} tone={DAY_TONES[application.status]} dot />}
      className={layout.card}
      aria-label={t('day.today.cardLabel', { market: t(`products.market.${day.market}`) })}
    >
      <ApplicationFigures application={application} />
      <StatusNote application={application} />
      {trading ? (
        <>
          <p className={layout.note} role="note">
            {closes ? t('day.today.closeNote', { time: closes }) : t('day.today.closeNoteNoTime')}
          </p>
          <DayOrderForm application={application} />
        </>
      ) : null}
      {trading || day.positions.length > 0 ? (
        <DayPositions positions={day.positions} currency={application.currency} canClose={trading} />
      ) : null}
    </Card>
  );
}

/** Participation, allowance (× multiple), used, remaining and the day's P&L (live until settled). */
function ApplicationFigures({ application }: { application: DayTrade }) {
  const { t } = useRemoteTranslation();
  const money = (value: string, signed?: boolean) => (
    <Money value={value} currency={application.currency} signed={signed} />
  );
  const settled = application.status === 'filled';
  return (
    <DetailList
      className={styles.figures}
      items={[
        { id: 'order_no', label: t('day.field.orderNo'), value: application.order_no },
        { id: 'participation', label: t('day.field.participation'), value: money(application.participation) },
        {
          id: 'allowance',
          label: t('day.field.allowanceTimes', { multiple: application.multiple }),
          value: money(application.allowance),
        },
        { id: 'used', label: t('day.field.used'), value: money(application.used) },
        { id: 'remaining', label: t('day.field.remaining'), value: money(application.remaining) },
        {
          id: 'pnl',
          label: t(settled ? 'day.field.settledPnl' : 'day.field.dayPnl'),
          value: money(application.pnl, true),
        },
      ]}
    />
  );
}

/** What the state means now: waiting for review, approved, settled, or why it failed (with the review note). */
function StatusNote({ application }: { application: DayTrade }) {
  const { t } = useRemoteTranslation();
  const key =
    application.status === 'failed'
      ? `day.today.note.${application.failed_reason === 'rejected' ? 'rejected' : 'expired'}`
      : `day.today.note.${application.status}`;
  return (
    <p className={layout.note} role="note">
      {t(key)}
      {application.status === 'failed' && application.review_note
        ? ` ${t('day.field.reviewNoteValue', { note: application.review_note })}`
        : null}
    </p>
  );
}
