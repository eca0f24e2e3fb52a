import { useState } from 'react';
import type { TradePosition } from 'shared/contract';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Facts,
  Money,
  ResultSheet,
  StatRow,
  StatusBadge,
  type ResultRow,
  type StatusTone,
} from 'shared/ui';
import { apiErrorOf, layout } from 'shared/remote-kit';
import { DayTradeRefusal, useHost, useRemoteTranslation } from '#lib';
import { useCancelDayOrderMutation } from '../api/cancel-day-order';
import { useCloseDayPositionMutation } from '../api/close-day-position';
import listCard from 'shared/ui/list-card.module.css';
import styles from './day-trading.module.css';

const TONES: Record<TradePosition['state'], StatusTone> = {
  pending: 'pending',
  holding: 'info',
  closing: 'warning',
  closed: 'neutral',
  cancelled: 'neutral',
};

export interface DayPositionsProps {
  positions: readonly TradePosition[];
  currency: string;
  /** Whether open positions may be closed and pending orders cancelled by hand (the application is still trading). */
  canClose: boolean;
}

/** What the confirmation asks: close an open position at market, or cancel a pending order. */
type Action = { kind: 'close' | 'cancel'; position: TradePosition };

/**
 * The day's day-trade orders and positions with their live P&L; an open one closes at market and a pending (unfilled
 * limit) order is cancelled, each after a confirmation (a cancelled order's hold goes back into the participation).
 */
export function DayPositions({ positions, currency, canClose }: DayPositionsProps) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const [action, setAction] = useState<Action | null>(null);
  const [close, closeState] = useCloseDayPositionMutation();
  const [cancel, cancelState] = useCancelDayOrderMutation();
  const [error, setError] = useState<ReturnType<typeof apiErrorOf>>();
  // The server's answer to a close or a cancel, shown in a result sheet (issue 35) instead of nothing.
  const [done, setDone] = useState<Action | null>(null);
  const onConfirm = async () => {
    if (!action) return;
    const body = { id: action.position.id, lang };
    const answer = action.kind === 'close' ? await close(body) : await cancel(body);
    setError(apiErrorOf(answer.error));
    // The stock's name as the list shows it (the reader's language; a close answers the engine's row).
    if (answer.data) setDone({ kind: action.kind, position: { ...answer.data, name: action.position.name } });
    setAction(null);
  };
  const result = done?.position;
  const resultRows = useResultRows(result);
  const closing = action?.position ?? null;
  const cancelling = action?.kind === 'cancel';
  return (
    <section aria-label={t('day.positions.title')}>
      <h3 className={styles.section}>{t('day.positions.title')}</h3>
      {positions.length === 0 ? (
        <EmptyState title={t('day.positions.empty')} hint={t('day.positions.emptyHint')} />
      ) : (
        <ul className={layout.list} aria-label={t('day.positions.title')}>
          {positions.map((position) => (
            <PositionRow
              key={position.id}
              position={position}
              canClose={canClose && position.state === 'holding'}
              canCancel={canClose && position.state === 'pending'}
              onClose={() => setAction({ kind: 'close', position })}
              onCancel={() => setAction({ kind: 'cancel', position })}
            />
          ))}
        </ul>
      )}
      <DayTradeRefusal error={error} />
      <ConfirmDialog
        open={closing !== null}
        title={t(cancelling ? 'day.positions.cancelTitle' : 'day.positions.closeTitle')}
        confirmLabel={t(cancelling ? 'day.positions.cancelConfirm' : 'day.positions.closeConfirm')}
        tone="danger"
        busy={closeState.isLoading || cancelState.isLoading}
        onConfirm={() => void onConfirm()}
        onCancel={() => setAction(null)}
      >
        {closing ? <ActionSummary position={closing} cancelling={cancelling} currency={currency} /> : null}
        {cancelling ? <p>{t('day.positions.cancelNote')}</p> : null}
      </ConfirmDialog>
      <ResultSheet
        open={result !== undefined}
        tone={result?.state === 'closing' ? 'pending' : 'done'}
        title={t(done?.kind === 'cancel' ? 'order_cancelled' : 'sell_success', { ns: 'msg' })}
        rows={resultRows}
        onClose={() => setDone(null)}
      >
        <p className={layout.note}>
          {t(
            done?.kind === 'cancel'
              ? 'day.positions.cancelNote'
              : result?.state === 'closing'
                ? 'day.order.result.closing'
                : 'day.order.result.where',
          )}
        </p>
      </ResultSheet>
    </section>
  );
}

/** The rows of the result sheet: the server's answer to a close or a cancel. */
function useResultRows(result: TradePosition | undefined): ResultRow[] {
  const { t } = useRemoteTranslation();
  return result
    ? [
        { id: 'order_no', label: t('day.order.result.number'), value: result.order_no },
        { id: 'stock', label: t('day.positions.stock'), value: `${result.name} (${result.code})` },
        { id: 'quantity', label: t('day.positions.quantity'), value: result.stock_num },
        ...(result.sell_price !== null
          ? [
              {
                id: 'sell_price',
                label: t('day.order.result.closedAt'),
                value: <Money value={result.sell_price} currency={result.currency} />,
              },
              {
                id: 'pnl',
                label: t('day.positions.pnl'),
                value: <Money value={result.yingkui} currency={result.currency} signed />,
              },
            ]
          : []),
        { id: 'state', label: t('day.order.result.state'), value: t(`day.positions.state.${result.state}`) },
      ]
    : [];
}

/** What the confirmation shows of the position to close (its price now, its P&L) or the order to cancel. */
function ActionSummary({
  position,
  cancelling,
  currency,
}: {
  position: TradePosition;
  cancelling: boolean;
  currency: string;
}) {
  const { t } = useRemoteTranslation();
  return (
    <dl>
      <StatRow label={t('day.positions.stock')}>{`${position.name} (${position.code})`}</StatRow>
      <StatRow label={t('day.positions.quantity')}>{position.stock_num}</StatRow>
      {cancelling ? (
        <StatRow label={t('day.order.price')}>
          <Money value={position.limit_price ?? position.buy_price} currency={currency} />
        </StatRow>
      ) : (
        <>
          <StatRow label={t('day.positions.nowPrice')}>
            <Money value={position.nowprice} currency={currency} />
          </StatRow>
          <StatRow label={t('day.positions.pnl')}>
            <Money value={position.yingkui} currency={currency} signed />
          </StatRow>
        </>
      )}
    </dl>
  );
}

interface PositionRowProps {
  position: TradePosition;
  canClose: boolean;
  canCancel: boolean;
  onClose: () => void;
  onCancel: () => void;
}

function PositionRow({ position, canClose, canCancel, onClose, onCancel }: PositionRowProps) {
  const { t } = useRemoteTranslation();
  const money = (value: string | null, signed?: boolean) =>
    value === null ? '—' : <Money value={value} currency={position.currency} signed={signed} />;
  return (
    <li className={listCard.card}>
      <span className={styles.head}>
        <span className={styles.name}>{`${position.name} (${position.code})`}</span>
        <span className={styles.badges}>
          <StatusBadge
            label={t(`day.order.${position.direction}`)}
            tone={position.direction === 'long' ? 'up' : 'down'}
          />
          <StatusBadge label={t(`day.positions.state.${position.state}`)} tone={TONES[position.state]} />
        </span>
      </span>
      <span className={styles.sub}>{t('day.positions.number', { id: position.order_no })}</span>
      <Facts
        items={[
          { label: t('day.positions.quantity'), value: position.stock_num },
          { label: t('day.positions.buyPrice'), value: money(position.buy_price) },
          { label: t('day.positions.nowPrice'), value: money(position.sell_price ?? position.nowprice) },
          { label: t('day.positions.pnl'), value: money(position.yingkui, true) },
        ]}
      />
      {canClose ? (
        <span className={styles.actions}>
          <Button
            variant="secondary"
            onClick={onClose}
            aria-label={t('day.positions.closeLabel', { stock: `${position.name} (${position.code})` })}
          >
            {t('day.positions.close')}
          </Button>
        </span>
      ) : null}
      {canCancel ? (
        <span className={styles.actions}>
          <Button
            variant="secondary"
            onClick={onCancel}
            aria-label={t('day.positions.cancelLabel', { stock: `${position.name} (${position.code})` })}
          >
            {t('day.positions.cancel')}
          </Button>
        </span>
      ) : null}
    </li>
  );
}
