import type { CopyProduct } from 'shared/contract';
import { ENDPOINTS } from 'shared/contract';
import type { BodyOf } from 'shared/api';
import { formatMoney } from 'shared/money';
import { Button, Card, Field, Money } from 'shared/ui';
import { RiskDisclosureDialog, apiErrorOf, layout, useContractForm } from 'shared/remote-kit';
import { FollowRefusal, NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useFollowCopyProductMutation } from '../api/follow-product';
import { checkFollowAmount } from '../model/follow-amount';
import styles from './products.module.css';

interface FollowValues {
  amount: string;
  fund_password: string;
}

/** The minimum under the amount field, the password refusals under the password; the rest inline with a way out. */
const KEY_FIELDS = {
  amount_required: 'amount',
  amount_invalid: 'amount',
  min_buy_amount: 'amount',
  fund_password_required: 'fund_password',
  fund_password_wrong: 'fund_password',
} as const;

const EMPTY: FollowValues = { amount: '', fund_password: '' };

/**
 * Follow a product open to follows: an amount from the product's minimum (checked before sending, and again by the
 * server) and the fund password (POST /copy/follow with the form's Idempotency-Key). When the server asks for the
 * copy-trading risk disclosure it is shown (`riskKind`); once acknowledged the same follow is sent again (same key),
 * declined the refusal shows with its way out.
 */
export function FollowForm({ product }: { product: CopyProduct }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [follow] = useFollowCopyProductMutation();
  const minimum = `${formatMoney(product.min_investment)} ${product.currency}`;
  const form = useContractForm<FollowValues, BodyOf<typeof ENDPOINTS.copyFollow>>({
    endpoint: ENDPOINTS.copyFollow,
    namespace: NAMESPACE,
    labels: { amount: 'follow.amount', fund_password: 'follow.fundPassword' },
    keyFields: KEY_FIELDS,
    defaultValues: EMPTY,
    toBody: (values) => ({ id: product.id, amount: values.amount.trim(), fund_password: values.fund_password }),
    rules: (values) =>
      checkFollowAmount(values.amount, product.min_investment) === 'min_buy_amount'
        ? { amount: { key: 'min_buy_amount', values: { min: minimum } } }
        : {},
    send: async (body, idempotencyKey) => {
      const result = await follow({ body, idempotencyKey });
      const error = apiErrorOf(result.error);
      // The server names the amount field, but what is left ({left}) is only in the inline hint: show it there.
      return error?.msg === 'insufficient_fundraising' ? { error: { ...error, field: undefined } } : result;
    },
    onSuccess: () => {
      host.toast('copy_order_success', { ns: 'msg' });
      form.form.reset(EMPTY);
    },
    riskKind: 'copy_trade',
  });
  return (
    <Card title={t('follow.title')} className={layout.card}>
      <form className={layout.form} aria-label={t('follow.title')} onSubmit={form.onSubmit} noValidate>
        <p className={styles.amount}>
          <span>{t('products.field.minimum')}</span>
          <Money value={product.min_investment} currency={product.currency} />
        </p>
        <p className={styles.amount}>
          <span>{t('products.field.capacityLeft')}</span>
          <Money value={product.capacity_left} currency={product.currency} />
        </p>
        <Field
          label={t('follow.amountIn', { currency: product.currency })}
          inputMode="decimal"
          autoComplete="off"
          {...form.field('amount')}
        />
        <Field
          label={t('follow.fundPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('fund_password')}
        />
        <p className={layout.note}>{t('follow.hold', { days: product.lockup_days })}</p>
        <p className={layout.note}>{t('follow.pastReturns')}</p>
        <FollowRefusal error={form.refusal} market={product.market} />
        <Button type="submit" block busy={form.busy}>
          {t('follow.submit')}
        </Button>
      </form>
      <RiskDisclosureDialog {...form.risk} language={host.getSession().language} refusal={FollowRefusal} />
    </Card>
  );
}
