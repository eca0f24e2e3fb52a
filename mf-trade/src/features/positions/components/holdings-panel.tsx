import { Link } from 'react-router';
import type { z } from 'zod';
import type { holdingsAnswer, holdingsHistoryAnswer } from 'shared/contract';
import { Money, StatusBadge } from 'shared/ui';
import { type ListQuery, QueryView } from 'shared/remote-kit';
import { NAMESPACE, useRemoteTranslation } from '#lib';
import { closedPositions, isHolding, openPositions, textField, type PositionRow } from '../model/position-rows';
import type { Phase } from './positions-screen';
import styles from './position-list.module.css';

interface HoldingsPanelProps {
  phase: Phase;
  open: ListQuery & { data?: z.infer<typeof holdingsAnswer> };
  closed: ListQuery & { data?: z.infer<typeof holdingsHistoryAnswer> };
  currency: string;
}

/** Holdings in progress (/trade/userstocklist) or ended (/trade/userstocklists). */
export function HoldingsPanel({ phase, open, closed, currency }: HoldingsPanelProps) {
  const { t } = useRemoteTranslation();
  const query = phase === 'open' ? open : closed;
  const rows = phase === 'open' ? openPositions(open.data) : closedPositions(closed.data);
  return (
    <QueryView
      ns={NAMESPACE}
      query={query}
      count={rows.length}
      empty={{
        title: t(phase === 'open' ? 'positions.empty.holdingsOpen' : 'positions.empty.holdingsEnded'),
        hint: t('positions.empty.holdingsHint'),
        action: { label: t('positions.empty.browseQuotes'), to: '/home/home' },
      }}
    >
      <ul className={styles.list} aria-label={t('positions.kind.holdings')}>
        {rows.map((row) => (
          <HoldingItem key={row.id} row={row} phase={phase} currency={currency} />
        ))}
      </ul>
    </QueryView>
  );
}

function HoldingItem({ row, phase, currency }: { row: PositionRow; phase: Phase; currency: string }) {
  const { t } = useRemoteTranslation();
  const { record } = row;
  const name = textField(record, 'name') ?? textField(record, 'code') ?? row.id;
  const code = textField(record, 'code');
  const status = phase === 'ended' ? 'closed' : isHolding(record) ? 'holding' : 'closing';
  return (
    <li>
      <Link className={styles.item} to={`/position/info?id=${encodeURIComponent(row.id)}&phase=${phase}`}>
        <span className={styles.main}>
          <span className={styles.name}>{name}</span>
          {code && code !== name ? <span className={styles.sub}>{code}</span> : null}
          <StatusBadge label={t(`positions.status.${status}`)} tone={status === 'holding' ? 'info' : 'neutral'} />
        </span>
        <span className={styles.figures}>
          <span className={styles.sub}>
            {t('positions.quantityShort', { quantity: textField(record, 'stock_num') ?? '—' })}
          </span>
          <Money value={textField(record, 'yingkui') ?? textField(record, 'lsyk')} currency={currency} signed />
        </span>
      </Link>
    </li>
  );
}
