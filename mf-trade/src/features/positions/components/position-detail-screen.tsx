import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, shareCount } from 'shared/money';
import { Button, Card, EmptyState, Money, PageFrame, SkeletonList, StatRow, StatusBadge } from 'shared/ui';
import type { WithMessage } from 'shared/api';
import type { TradePosition } from 'shared/contract';
import { OrderChips, OrderInfoRows, Refusal, apiErrorOf, useHost, useRemoteTranslation } from '#lib';
import { useClosePositionMutation } from '../api/close-position';
import { useGetPositionsLendingQuery } from '../api/get-lending';
import { useGetPositionQuery } from '../api/get-position';
import { lentPositionIds } from '../model/lending';
import { closableNoteKey } from '../model/closable-note';
import { formatDetailValue, positionDetail, type DetailField } from '../model/position-detail';
import { ratioPercent } from '../model/margin';
import { AddMarginSheet } from './add-margin-sheet';
import { ClosePositionDialog, CloseResultSheet } from './close-position-dialog';
import { ExitsSheet } from './exits-sheet';
import { CLOSING_POLL_MS, HOLDINGS_POLL_MS } from './positions-screen';
import styles from './position-detail-screen.module.css';

/** Times wrap between their two clocks; a text (the order number, a long name) wraps rather than leave the card. */
const VALUE_CLASS: Partial<Record<DetailField['format'], string>> = { time: styles.time, text: 'ds-num--wrap' };

const TONE = {
  holding: 'info',
  closing: 'pending',
  closed: 'neutral',
  pending: 'pending',
  cancelled: 'neutral',
} as const;

/** One field's value: money, a share count, the leverage, the direction, a status badge, or the formatted text. */
function DetailValue({ field, position: p }: { field: DetailField; position: TradePosition }) {
  const { t, i18n } = useRemoteTranslation();
  switch (field.format) {
    case 'money':
      return field.value === null ? '—' : <Money value={String(field.value)} currency={p.currency} />;
    case 'signedMoney':
      return <Money value={String(field.value)} currency={p.currency} signed />;
    case 'quantity':
      return t('positions.quantityShort', shareCount(field.value));
    case 'leverage':
      // A 1× long is cash (issue 35): fully paid, no margin call.
      return p.fully_paid ? t('positions.cash') : t('positions.leverageValue', { value: field.value });
    case 'direction':
      return t(`positions.direction.${String(field.value)}`);
    case 'state':
      return (
        <StatusBadge
          label={t(`positions.status.${String(field.value)}`)}
          tone={TONE[field.value as keyof typeof TONE] ?? 'neutral'}
        />
      );
    default:
      return (
        <span className={`ds-num ${VALUE_CLASS[field.format] ?? ''}`}>
          {formatDetailValue(field, i18n.language, p.market)}
        </span>
      );
  }
}

/** The notes under the fields: margin call, balance protection, cash, the liquidation price, lent, closable from. */
function PositionNotes({ position: p, lent }: { position: TradePosition; lent: boolean }) {
  const { t } = useRemoteTranslation();
  return (
    <>
      {p.closed_by === 'margin_call' ? <p className={styles.note}>{t('positions.detail.marginCall')}</p> : null}
      {p.protection ? (
        <p className={styles.note}>
          {t('msg:negative_balance_protection', { amount: `${p.protection} ${p.currency}` })}
        </p>
      ) : null}
      {p.fully_paid && p.state !== 'closed' ? <p className={styles.note}>{t('positions.detail.fullyPaid')}</p> : null}
      {p.liquidation_price && p.margin_call_ratio ? (
        <p className={styles.note}>
          {t(p.direction === 'short' ? 'positions.margin.explainShort' : 'positions.margin.explainLong', {
            price: `${formatMoney(p.liquidation_price)} ${p.currency}`,
            ratio: ratioPercent(p.margin_call_ratio),
          })}
        </p>
      ) : null}
      {lent && p.state === 'holding' ? <p className={styles.note}>{t('orderInfo.lentNote')}</p> : null}
      {p.closable_from && p.state === 'holding' ? (
        <p className={styles.note}>
          {t(closableNoteKey(p as unknown as Record<string, unknown>), { date: p.closable_from })}
        </p>
      ) : null}
    </>
  );
}

/** The position's card: its tags and chips, every field, the order's info rows and the notes. */
function PositionCard({ position: p, lent }: { position: TradePosition; lent: boolean }) {
  const { t } = useRemoteTranslation();
  return (
    <Card className={styles.card} title={`${p.name} (${p.code})`}>
      <div className={styles.chips}>
        {/* Issue 35: a block-trade or new-share allotment is tagged, not shown as an ordinary limit order. */}
        {p.source === 'block' || p.source === 'new_share' ? (
          <StatusBadge label={t(`positions.tag.${p.source}`)} tone="info" />
        ) : null}
        <OrderChips order={p} lent={lent} />
      </div>
      <dl className={styles.fields}>
        {positionDetail(p).map((field) => (
          <StatRow key={field.key} label={t(`positions.detail.field.${field.key}`)}>
            <DetailValue field={field} position={p} />
          </StatRow>
        ))}
        <OrderInfoRows order={p} />
      </dl>
      <PositionNotes position={p} lent={lent} />
    </Card>
  );
}

/** A holding's actions: add margin (or why not), take-profit / stop-loss, close; the close's refusal above them. */
function PositionActions({
  position: p,
  lent,
  error,
  busy,
  onAdd,
  onExits,
  onClose,
}: {
  position: TradePosition;
  lent: boolean;
  error: unknown;
  busy: boolean;
  onAdd: () => void;
  onExits: () => void;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  return (
    <div className={styles.actions}>
      <Refusal error={apiErrorOf(error)} market={p.market} />
      {p.day_trade ? (
        <p className={styles.note}>{t('msg:margin_day_trade')}</p>
      ) : p.fully_paid ? null : (
        <Button variant="secondary" block onClick={onAdd}>
          {t('positions.margin.add')}
        </Button>
      )}
      {p.day_trade ? null : (
        <Button variant="secondary" block onClick={onExits}>
          {t('orderInfo.exits.action')}
        </Button>
      )}
      {/* T+1, a lock-up (closable false, with closable_from) or lent: no Close the server would refuse. */}
      {p.closable !== false && !lent ? (
        <Button variant="danger" block busy={busy} onClick={onClose}>
          {t('positions.close')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The position of ?id= (live: re-read every CLOSING_POLL_MS while preparing to close, else HOLDINGS_POLL_MS) and
 * whether its shares are lent.
 */
function usePositionDetail() {
  const host = useHost();
  const language = host.getSession().language;
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  const valid = Number.isInteger(id) && id > 0;
  const [closing, setClosing] = useState(false);
  const position = useGetPositionQuery(
    { id, lang: language },
    {
      skip: !valid,
      pollingInterval: closing ? CLOSING_POLL_MS : HOLDINGS_POLL_MS,
      skipPollingIfUnfocused: true,
      refetchOnMountOrArgChange: true,
    },
  );
  const lending = useGetPositionsLendingQuery({ lang: language }, { skip: !valid, refetchOnMountOrArgChange: true });
  const p = position.data;
  // Lent to the house (securities lending): no Close until the shares are back.
  const lent = p ? lentPositionIds(lending.data).has(String(p.id)) : false;
  const isClosing = p?.state === 'closing';
  useEffect(() => setClosing(isClosing), [isClosing]);
  return { language, loading: position.isLoading, p, lent };
}

/**
 * /position/info?id=: every field of spec §3 Position from /trade/position, live while open, with the maintenance
 * ratio and liquidation price explained, the order's type, trigger, validity and exits (issue 13), add margin,
 * take-profit / stop-loss (not on a day-trade position; no add margin on a fully paid 1× long: cash) and close (a
 * ConfirmDialog, then the server's answer in a ResultSheet; only when the server would allow it: T+1,
 * lock-up and lent shares as the list). While "preparing to close" it is re-read every CLOSING_POLL_MS, so the
 * matcher's fill shows within a poll.
 */
export function PositionDetailScreen() {
  const { t } = useRemoteTranslation();
  const { language, loading, p, lent } = usePositionDetail();
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [settingExits, setSettingExits] = useState(false);
  const [close, closeState] = useClosePositionMutation();

  const [closed, setClosed] = useState<WithMessage<TradePosition>>();
  const onConfirm = async () => {
    if (!p) return;
    const answer = await close({ id: p.id, lang: language });
    setConfirming(false);
    // The server's message (sell_success) and what it answered, in the result sheet.
    if (answer.data) setClosed(answer.data);
  };

  return (
    <PageFrame title={t('positions.detail.title')} simulated={p?.simulated}>
      {loading ? (
        <SkeletonList rows={8} lines={1} />
      ) : p ? (
        <>
          <PositionCard position={p} lent={lent} />
          {p.state === 'holding' ? (
            <PositionActions
              position={p}
              lent={lent}
              error={closeState.error}
              busy={closeState.isLoading}
              onAdd={() => setAdding(true)}
              onExits={() => setSettingExits(true)}
              onClose={() => setConfirming(true)}
            />
          ) : null}
          {adding ? <AddMarginSheet position={p} onClose={() => setAdding(false)} /> : null}
          {settingExits ? <ExitsSheet position={p} onClose={() => setSettingExits(false)} /> : null}
          <CloseResultSheet result={closed} stock={`${p.name} (${p.code})`} onClose={() => setClosed(undefined)} />
          <ClosePositionDialog
            row={confirming ? { id: String(p.id), record: p as unknown as Record<string, unknown> } : null}
            currency={p.currency}
            busy={closeState.isLoading}
            onConfirm={onConfirm}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : (
        <EmptyState
          title={t('positions.detail.notFound.title')}
          hint={t('positions.detail.notFound.hint')}
          action={{ label: t('positions.detail.notFound.action'), to: '/position/index' }}
        />
      )}
    </PageFrame>
  );
}
