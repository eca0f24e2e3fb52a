import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { WithMessage } from 'shared/api';
import type { holdingsAnswer, holdingsHistoryAnswer, TradePosition } from 'shared/contract';
import { Button, Money, StatusBadge } from 'shared/ui';
import { Decimal, formatMoney, shareCount } from 'shared/money';
import { type ListQuery, QueryView } from 'shared/remote-kit';
import { NAMESPACE, OrderChips, Refusal, apiErrorOf, useHost, useRemoteTranslation } from '#lib';
import { useClosePositionMutation } from '../api/close-position';
import { useGetPositionsLendingQuery } from '../api/get-lending';
import { lentPositionIds } from '../model/lending';
import { closableNoteKey, grantedSource } from '../model/closable-note';
import { ratioPercent } from '../model/margin';
import {
  closedPositions,
  openPositions,
  pnlRate,
  positionStatus,
  textField,
  type PositionRow,
} from '../model/position-rows';
import { ClosePositionDialog, CloseResultSheet } from './close-position-dialog';
import type { Phase } from './positions-screen';
import styles from './position-list.module.css';

interface HoldingsPanelProps {
  phase: Phase;
  open: ListQuery & { data?: z.infer<typeof holdingsAnswer> };
  /** The open rows as shown (revalued at streamed prices); default: the rows of `open`. */
  openRows?: PositionRow[];
  closed: ListQuery & { data?: z.infer<typeof holdingsHistoryAnswer> };
  currency: string;
}

const TONE = { holding: 'info', closing: 'pending', closed: 'neutral' } as const;
type ClosedBy = TradePosition['closed_by'];

/**
 * Holdings in progress (/trade/userstocklist, live P&L, close; a holding lent to the house is marked and offers no
 * Close) or ended (/trade/userstocklists, with what closed each: you, a margin call, take-profit or stop-loss).
 */
export function HoldingsPanel({ phase, open, openRows, closed, currency }: HoldingsPanelProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const query = phase === 'open' ? open : closed;
  const rows = phase === 'open' ? (openRows ?? openPositions(open.data)) : closedPositions(closed.data);
  const [closing, setClosing] = useState<PositionRow | null>(null);
  const [close, closeState] = useClosePositionMutation();
  const lending = useGetPositionsLendingQuery(
    { lang: host.getSession().language },
    {
      skip: phase !== 'open',
      refetchOnMountOrArgChange: true,
    },
  );
  const lent = lentPositionIds(lending.data);

  const [result, setResult] = useState<{ answer: WithMessage<TradePosition>; stock: string }>();
  const onConfirmClose = async () => {
    if (!closing) return;
    const answer = await close({ id: Number(closing.id), lang: host.getSession().language });
    setClosing(null);
    // The server's message (sell_success) and what it answered, in the result sheet.
    if (answer.data) setResult({ answer: answer.data, stock: stockLabel(closing.record) });
  };

  return (
    <>
      {phase === 'open' ? (
        <div className={styles.refusal}>
          <Refusal error={apiErrorOf(closeState.error)} />
        </div>
      ) : null}
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
            <HoldingItem
              key={row.id}
              row={row}
              currency={currency}
              onClose={() => setClosing(row)}
              busy={closeState.isLoading && closing?.id === row.id}
              lent={lent.has(row.id)}
            />
          ))}
        </ul>
      </QueryView>
      <CloseResultSheet result={result?.answer} stock={result?.stock ?? ''} onClose={() => setResult(undefined)} />
      <ClosePositionDialog
        row={closing}
        currency={currency}
        busy={closeState.isLoading}
        onConfirm={onConfirmClose}
        onCancel={() => setClosing(null)}
      />
    </>
  );
}

/** "Name (code)" of a list row, in the reader's language (the list asks with `lang`). */
function stockLabel(record: Record<string, unknown>): string {
  const code = textField(record, 'code');
  const name = textField(record, 'name') ?? code ?? '';
  return code && code !== name ? `${name} (${code})` : name;
}

function HoldingItem({
  row,
  currency,
  onClose,
  busy,
  lent,
}: {
  row: PositionRow;
  currency: string;
  onClose: () => void;
  busy: boolean;
  /** Lent to the house (securities lending): a "Lent" chip and no Close. */
  lent: boolean;
}) {
  const { t } = useRemoteTranslation();
  const { record } = row;
  const name = textField(record, 'name') ?? textField(record, 'code') ?? row.id;
  const code = textField(record, 'code');
  const status = positionStatus(record);
  const direction = textField(record, 'direction');
  const leverage = textField(record, 'leverage');
  const rate = pnlRate(record);
  const itemCurrency = textField(record, 'currency') ?? currency;
  const liquidation = textField(record, 'liquidation_price');
  // Issue 35: a 1× long is cash (no leverage shown, no liquidation); a closed row shows its P&L after fees.
  const fullyPaid = record.fully_paid === true;
  const net = status === 'closed' ? textField(record, 'net_pnl') : undefined;
  return (
    <li className={styles.card}>
      <HoldingTitleRow record={record} name={name} code={code} id={row.id} status={status} lent={lent} />
      <div className={styles.row}>
        <span className={styles.sub}>
          {[
            direction ? t(`positions.direction.${direction}`) : undefined,
            fullyPaid ? t('positions.cash') : leverage ? t('positions.leverageValue', { value: leverage }) : undefined,
            t('positions.quantityShort', shareCount(textField(record, 'stock_num') ?? '—')),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className={styles.pnl}>
          <Money value={net ?? textField(record, 'yingkui')} currency={itemCurrency} signed />
          {net !== undefined ? (
            <span className={styles.sub}>{t('positions.afterFees')}</span>
          ) : rate ? (
            <span className={styles.sub}>{`${formatMoney(rate, { sign: true })}%`}</span>
          ) : null}
        </span>
      </div>
      {net !== undefined ? (
        // The gross figure and the fees that make the difference.
        <div className={styles.row}>
          <span className={styles.sub}>
            {t('positions.beforeFees', {
              gross: formatMoney(textField(record, 'yingkui') ?? '0', { sign: true }),
              fees: formatMoney(
                new Decimal(textField(record, 'fee') ?? 0).plus(textField(record, 'close_fee') ?? 0).toFixed(),
              ),
            })}
          </span>
        </div>
      ) : null}
      {status !== 'closed' && textField(record, 'maintenance_ratio') !== undefined ? (
        // Equity ÷ margin (live) and the price at which the margin call would close it.
        <div className={styles.row}>
          <span className={styles.sub}>
            {t('positions.margin.row', {
              ratio: ratioPercent(textField(record, 'maintenance_ratio')!),
              price: liquidation === undefined ? '—' : `${formatMoney(liquidation)} ${currency}`,
            })}
          </span>
        </div>
      ) : null}
      <HoldingPricesRow record={record} name={name} status={status} lent={lent} busy={busy} onClose={onClose} />
    </li>
  );
}

/** A holding row's record as the list answered it. */
type HoldingRecord = PositionRow['record'];
type Status = ReturnType<typeof positionStatus>;

/** A holding's first row: its name to the detail, and its status, day-trade, allotment and order chips. */
function HoldingTitleRow({
  record,
  name,
  code,
  id,
  status,
  lent,
}: {
  record: HoldingRecord;
  name: string;
  code: string | undefined;
  id: string;
  status: Status;
  lent: boolean;
}) {
  const { t } = useRemoteTranslation();
  const granted = grantedSource(record);
  return (
    <div className={styles.row}>
      <Link className={styles.title} to={`/position/info?id=${encodeURIComponent(id)}`}>
        <span className={styles.name}>{name}</span>
        {code && code !== name ? <span className={styles.sub}>{code}</span> : null}
      </Link>
      <span className={styles.badges}>
        <StatusBadge label={t(`positions.status.${status}`)} tone={TONE[status]} />
        {record.day_trade === true ? <StatusBadge label={t('positions.dayTrade')} tone="info" /> : null}
        {/* Issue 35: a block-trade or new-share allotment is not an ordinary order: tagged so. */}
        {granted ? <StatusBadge label={t(`positions.tag.${granted}`)} tone="info" /> : null}
        <OrderChips
          order={{
            state: status,
            closed_by: (textField(record, 'closed_by') ?? null) as ClosedBy,
          }}
          lent={lent && status === 'holding'}
        />
      </span>
    </div>
  );
}

/** A holding's last row: buy and current (or sell) price, then Close, or why it cannot be closed yet. */
function HoldingPricesRow({
  record,
  name,
  status,
  lent,
  busy,
  onClose,
}: {
  record: HoldingRecord;
  name: string;
  status: Status;
  lent: boolean;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <div className={styles.row}>
      <span className={styles.sub}>
        {t('positions.prices', {
          buy: formatMoney(textField(record, 'buy_price') ?? '0'),
          now: formatMoney(
            textField(record, status === 'closed' ? 'sell_price' : 'nowprice') ?? textField(record, 'nowprice') ?? '0',
          ),
        })}
      </span>
      {status === 'holding' && lent ? (
        <span className={`${styles.sub} ${styles.action} ${styles.closableFrom}`}>{t('orderInfo.lentNote')}</span>
      ) : status === 'holding' && record.closable === false ? (
        // China's T+1 or a new share's lock-up: no Close the server would refuse; the date it may be closed instead
        <span className={`${styles.sub} ${styles.action} ${styles.closableFrom}`}>
          {t(closableNoteKey(record), { date: textField(record, 'closable_from') ?? '—' })}
        </span>
      ) : status === 'holding' ? (
        <Button
          variant="secondary"
          className={styles.action}
          onClick={onClose}
          busy={busy}
          aria-label={t('positions.closeNamed', { name })}
        >
          {t('positions.close')}
        </Button>
      ) : null}
    </div>
  );
}
