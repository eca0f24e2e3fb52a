import { useState, type ReactNode } from 'react';
import type { TradePosition } from 'shared/contract';
import { Button, ConfirmDialog, EmptyState, Money, StatRow, StatusBadge, type StatusTone } from 'shared/ui';
import { apiErrorOf, layout } from 'shared/remote-kit';
import { useHost, useRemoteTranslation } from '#lib';
import { useCloseDayPositionMutation } from '../api/close-day-position';
import { Refusal } from './refusal';
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
  /** Whether open positions may be closed by hand (the application is still trading). */
  canClose: boolean;
}

/** The day's day-trade orders and positions with their live P&L; an open one closes at market after a confirmation. */
export function DayPositions({ positions, currency, canClose }: DayPositionsProps) {
  const { t } = useRemoteTranslation();
  const lang = useHost().getSession().language;
  const [closing, setClosing] = useState<TradePosition | null>(null);
  const [close, closeState] = useCloseDayPositionMutation();
  const [error, setError] = useState<ReturnType<typeof apiErrorOf>>();
  const onConfirm = async () => {
    if (!closing) return;
    const answer = await close({ id: closing.id, lang });
    setError(apiErrorOf(answer.error));
    setClosing(null);
  };
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
              onClose={() => setClosing(position)}
            />
          ))}
        </ul>
      )}
      <Refusal error={error} />
      <ConfirmDialog
        open={closing !== null}
        title={t('day.positions.closeTitle')}
        confirmLabel={t('day.positions.closeConfirm')}
        tone="danger"
        busy={closeState.isLoading}
        onConfirm={() => void onConfirm()}
        onCancel={() => setClosing(null)}
      >
        {closing ? (
          <dl>
            <StatRow label={t('day.positions.stock')}>{`${closing.name} (${closing.code})`}</StatRow>
            <StatRow label={t('day.positions.quantity')}>{closing.stock_num}</StatRow>
            <StatRow label={t('day.positions.nowPrice')}>
              <Money value={closing.nowprice} currency={currency} />
            </StatRow>
            <StatRow label={t('day.positions.pnl')}>
              <Money value={closing.yingkui} currency={currency} signed />
            </StatRow>
          </dl>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

interface PositionRowProps {
  position: TradePosition;
  canClose: boolean;
  onClose: () => void;
}

function PositionRow({ position, canClose, onClose }: PositionRowProps) {
  const { t } = useRemoteTranslation();
  const money = (value: string | null, signed?: boolean) =>
    value === null ? '—' : <Money value={value} currency={position.currency} signed={signed} />;
  return (
    <li className={styles.row}>
      <span className={styles.head}>
        <span className={styles.name}>{`${position.name} (${position.code})`}</span>
        <span className={styles.badges}>
          <StatusBadge
            label={t(`day.order.${position.direction}`)}
            tone={position.direction === 'long' ? 'success' : 'danger'}
          />
          <StatusBadge label={t(`day.positions.state.${position.state}`)} tone={TONES[position.state]} />
        </span>
      </span>
      <span className={styles.sub}>{t('day.positions.number', { id: position.order_no })}</span>
      <dl className={styles.facts}>
        <Fact label={t('day.positions.quantity')}>{position.stock_num}</Fact>
        <Fact label={t('day.positions.buyPrice')}>{money(position.buy_price)}</Fact>
        <Fact label={t('day.positions.nowPrice')}>{money(position.sell_price ?? position.nowprice)}</Fact>
        <Fact label={t('day.positions.pnl')}>{money(position.yingkui, true)}</Fact>
      </dl>
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
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
