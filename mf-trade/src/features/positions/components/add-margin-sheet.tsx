import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { WithMessage } from 'shared/api';
import { ENDPOINTS, type TradePosition } from 'shared/contract';
import type { Language } from 'shared/mf';
import { formatMoney } from 'shared/money';
import { useContractForm } from 'shared/remote-kit';
import { Button, ConfirmDialog, Field, Money, ResultSheet, StatRow } from 'shared/ui';
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
 * and before sending the liquidation price it would give (decimal.js, the server's formula). Money moves only after
 * a ConfirmDialog with the figures (amount, margin after, new liquidation price); then the ResultSheet shows what
 * the server answered (its message, the margin and liquidation price now). POST /trade/addMargin with the form's
 * Idempotency-Key; refusals land under the amount or above the button.
 */
export function AddMarginSheet({ position: p, onClose }: AddMarginSheetProps) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const language = host.getSession().language;
  const config = useGetMarginConfigQuery(p.market);
  const available = config.data?.available;
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<WithMessage<TradePosition>>();
  const form = useAddMarginForm(p, available, language, (answer) => {
    setConfirming(false);
    setResult(answer);
  });
  const amount = wholeAmount(useWatch({ control: form.form.control, name: 'amount' }) ?? '');
  const ratio = p.margin_call_ratio;
  const now = ratio ? liquidationPrice({ ...p, margin_call_ratio: ratio }) : null;
  const next = ratio && amount ? liquidationPrice({ ...p, margin_call_ratio: ratio }, amount) : undefined;
  const money = (value: string | null | undefined) => (value ? `${formatMoney(value)} ${p.currency}` : '—');

  if (result)
    return <AddMarginResult result={result} amount={money(amount?.toFixed())} money={money} onClose={onClose} />;

  // Checks the amount (the schema and the balance) before the confirmation; the confirmation sends it.
  const onReview = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.form.trigger()) setConfirming(true);
  };

  return (
    <Sheet title={t('positions.margin.sheetTitle')} onClose={onClose}>
      <form className={styles.sheetForm} aria-label={t('positions.margin.sheetTitle')} onSubmit={onReview} noValidate>
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
      <ConfirmDialog
        open={confirming}
        title={t('positions.margin.confirmTitle')}
        confirmLabel={t('positions.margin.confirm', { amount: money(amount?.toFixed()) })}
        busy={form.busy}
        // Sent, answered: the confirmation closes (a refusal shows in the sheet, under the amount or above the button).
        onConfirm={() => void form.onSubmit().then(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      >
        <dl className={styles.fields}>
          <StatRow label={t('positions.stock')}>{`${p.name} (${p.code})`}</StatRow>
          <StatRow label={t('positions.margin.amountLabel')}>{money(amount?.toFixed())}</StatRow>
          <StatRow label={t('positions.margin.marginAfter')}>
            {amount ? money(amount.plus(p.margin).toFixed()) : '—'}
          </StatRow>
          <StatRow label={t('positions.margin.liquidationNow')}>{money(now)}</StatRow>
          <StatRow label={t('positions.margin.newLiquidation')}>{money(next)}</StatRow>
        </dl>
        <p className={styles.note}>{t('positions.margin.confirmNote')}</p>
      </ConfirmDialog>
    </Sheet>
  );
}

/** The add-margin form: the contract's schema and the available balance; accepted, `onAdded` gets the answer. */
function useAddMarginForm(
  p: TradePosition,
  available: string | undefined,
  language: Language,
  onAdded: (answer: WithMessage<TradePosition>) => void,
) {
  const [add] = useAddMarginMutation();
  return useContractForm<AddMarginValues, AddMarginBody>({
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
    onSuccess: (answer) => onAdded(answer as WithMessage<TradePosition>),
  });
}

interface AddMarginResultProps {
  result: WithMessage<TradePosition>;
  /** The amount added, as the user reads it. */
  amount: string;
  money: (value: string | null | undefined) => string;
  onClose: () => void;
}

/** What the server answered: its message, the amount, the margin and liquidation price now, the order number. */
function AddMarginResult({ result, amount, money, onClose }: AddMarginResultProps) {
  const { t } = useRemoteTranslation();
  const after = result.data;
  return (
    <ResultSheet
      open
      title={result.msg ? t(`msg:${result.msg}`) : t('positions.margin.sheetTitle')}
      rows={[
        { id: 'amount', label: t('positions.margin.amountLabel'), value: amount },
        { id: 'margin', label: t('positions.margin.resultMargin'), value: money(after.margin) },
        {
          id: 'liquidation',
          label: t('positions.margin.liquidationNow'),
          value: money(after.liquidation_price),
        },
        { id: 'order', label: t('positions.detail.field.orderNumber'), value: after.order_no },
      ]}
      onClose={onClose}
    />
  );
}
