import { useWatch } from 'react-hook-form';
import { ENDPOINTS, type TradePosition } from 'shared/contract';
import { formatMoney } from 'shared/money';
import { useContractForm } from 'shared/remote-kit';
import { Button, Field, Money, StatRow } from 'shared/ui';
import { NAMESPACE, Refusal, Sheet, useHost, useRemoteTranslation } from '#lib';
import { useAddMarginMutation, useGetMarginConfigQuery, type AddMarginBody } from '../api/add-margin';
import { liquidationPrice, wholeAmount } from '../model/margin';
import styles from './position-detail-screen.module.css';

interface AddMarginValues {
  amount: string;
}

/** Refusals about the amount when the answer names no field. */
const KEY_FIELDS = { margin_positive_integer: 'amount', insufficient_balance: 'amount' } as const;

export interface AddMarginSheetProps {
  position: TradePosition;
  onClose: () => void;
}

/**
 * Add margin (spec §5: a positive whole amount in the position's currency): the available balance, the amount,
 * and before sending the liquidation price it would give (decimal.js, the server's formula). POST /trade/addMargin
 * with the form's Idempotency-Key; refusals land under the amount or above the button.
 */
export function AddMarginSheet({ position: p, onClose }: AddMarginSheetProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const config = useGetMarginConfigQuery(p.market);
  const available = config.data?.available;
  const [add] = useAddMarginMutation();
  const form = useContractForm<AddMarginValues, AddMarginBody>({
    endpoint: ENDPOINTS.addMargin,
    namespace: NAMESPACE,
    labels: { amount: 'positions.margin.amountLabel' },
    keyFields: KEY_FIELDS,
    defaultValues: { amount: '' },
    toBody: (values) => ({ id: p.id, amount: values.amount.trim(), lang: language }),
    rules: (values) => {
      const amount = wholeAmount(values.amount);
      return amount && available !== undefined && amount.gt(available)
        ? { amount: { key: 'insufficient_balance' } }
        : {};
    },
    send: (body, idempotencyKey) => add({ body, idempotencyKey }),
    onSuccess: () => {
      host.toast('margin_added', { ns: 'msg' });
      onClose();
    },
  });
  const amount = wholeAmount(useWatch({ control: form.form.control, name: 'amount' }) ?? '');
  const ratio = p.margin_call_ratio;
  const now = ratio ? liquidationPrice({ ...p, margin_call_ratio: ratio }) : null;
  const next = ratio && amount ? liquidationPrice({ ...p, margin_call_ratio: ratio }, amount) : undefined;
  return (
    <Sheet title={t('positions.margin.sheetTitle')} onClose={onClose}>
      <form
        className={styles.sheetForm}
        aria-label={t('positions.margin.sheetTitle')}
        onSubmit={form.onSubmit}
        noValidate
      >
        <dl className={styles.fields}>
          <StatRow label={t('positions.margin.available')}>
            {available !== undefined ? <Money value={available} currency={p.currency} /> : '—'}
          </StatRow>
          <StatRow label={t('positions.detail.field.initialMargin')}>
            <Money value={p.margin} currency={p.currency} />
          </StatRow>
          <StatRow label={t('positions.detail.field.liquidationPrice')}>
            {now ? <Money value={now} currency={p.currency} /> : '—'}
          </StatRow>
        </dl>
        <Field
          label={t('positions.margin.amount', { currency: p.currency })}
          inputMode="numeric"
          autoComplete="off"
          {...form.field('amount')}
        />
        <p className={styles.note} role="status" aria-live="polite">
          {next === undefined
            ? t('positions.margin.previewHint')
            : t('positions.margin.preview', { price: next === null ? '—' : `${formatMoney(next)} ${p.currency}` })}
        </p>
        <Refusal error={form.refusal} market={p.market} />
        <Button type="submit" block busy={form.busy}>
          {t('positions.margin.submit')}
        </Button>
      </form>
    </Sheet>
  );
}
