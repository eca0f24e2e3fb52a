import { useNavigate } from 'react-router';
import { ConfirmDialog, Money, ResultSheet, StatRow } from 'shared/ui';
import type { Currency } from 'shared/money';
import { layout } from 'shared/remote-kit';
import { useRemoteTranslation } from '#lib';
import { cardLabel, type Submitted, type WithdrawCard } from './withdraw-form';

/** When the money arrives, from the server's rules: "within N hours" for "Nh", else its own words ("—" until known). */
function ArrivalNote({ arrival }: { arrival: string | undefined }) {
  const { t } = useRemoteTranslation();
  const arrivalHours = arrival !== undefined ? /^(\d+)h$/.exec(arrival) : null;
  return (
    <p className={layout.note}>
      {arrivalHours
        ? t('withdraw.rules.arrivalHours', { hours: arrivalHours[1] })
        : t('withdraw.rules.arrivalText', { arrival: arrival ?? '—' })}
    </p>
  );
}

interface WithdrawConfirmProps {
  open: boolean;
  busy: boolean;
  /** The amount as typed. */
  amount: string;
  currency: Currency;
  card: WithdrawCard | undefined;
  arrival: string | undefined;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** The withdrawal's figures (amount, card), when it arrives; confirming sends it. */
export function WithdrawConfirm({
  open,
  busy,
  amount,
  currency,
  card,
  arrival,
  onCancel,
  onConfirm,
}: WithdrawConfirmProps) {
  const { t } = useRemoteTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('withdraw.confirm.title')}
      confirmLabel={t('withdraw.confirm.ok')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <dl className={layout.stack}>
        <StatRow label={t('withdraw.confirm.amount')}>
          <Money value={amount.trim() || '0'} currency={currency} />
        </StatRow>
        <StatRow label={t('withdraw.confirm.card')}>{card ? cardLabel(card) : '—'}</StatRow>
      </dl>
      <p className={layout.note}>{t('withdraw.confirm.note')}</p>
      <ArrivalNote arrival={arrival} />
    </ConfirmDialog>
  );
}

/** The server's answer: order number, amount frozen, card, pending review; on to the records. */
export function WithdrawSubmitted({
  submitted,
  arrival,
  onClose,
}: {
  submitted: Submitted | null;
  arrival: string | undefined;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  return (
    <ResultSheet
      open={submitted !== null}
      tone="pending"
      title={t('msg:withdraw_success')}
      rows={
        submitted
          ? [
              { id: 'order_no', label: t('withdraw.result.orderNo'), value: submitted.orderNo || '—' },
              {
                id: 'amount',
                label: t('withdraw.result.frozen'),
                value: <Money value={submitted.amount} currency={submitted.currency} />,
              },
              { id: 'card', label: t('withdraw.confirm.card'), value: submitted.card || '—' },
              { id: 'state', label: t('withdraw.result.state'), value: t('withdraw.state.pending') },
            ]
          : []
      }
      next={{ label: t('withdraw.result.next'), onClick: () => navigate('/mine/transactionRecords') }}
      onClose={onClose}
    >
      <p className={layout.note}>{t('withdraw.result.note')}</p>
      <ArrivalNote arrival={arrival} />
    </ResultSheet>
  );
}
