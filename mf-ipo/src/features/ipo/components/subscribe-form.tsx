import { useNavigate } from 'react-router';
import type { NewShareApplication, NewShareIssue } from 'shared/contract';
import { ENDPOINTS } from 'shared/contract';
import type { BodyOf, WithMessage } from 'shared/api';
import { Decimal } from 'shared/money';
import { Button, Card, Field, Money, ResultSheet } from 'shared/ui';
import { RiskDisclosureDialog, formatMarketTime, layout, useContractForm, type FormSchema } from 'shared/remote-kit';
import { NAMESPACE, lotCount, useHost, useRemoteTranslation } from '#lib';
import { useGetNewShareAvailableQuery } from '../api/get-available';
import { useSubscribeNewShareMutation } from '../api/subscribe-new-share';
import { MARKET_DATED } from '../model/market-date';
import { lotsOf, maxLots, sharesOf, subscriptionAmount } from '../model/subscription-math';
import { shareCount } from '../model/quantity';
import { Refusal } from './refusal';
import styles from './new-share.module.css';

interface SubscribeValues {
  lots: string;
  fund_password: string;
}

/** The contract's schema, its `quantity` issues shown under the lots field (the form asks for lots). */
const subscribeSchema: FormSchema = {
  safeParse: (input) => {
    const result = ENDPOINTS.newShareSubscribe.request.safeParse(input);
    if (result.success) return { success: true };
    const issues = result.error.issues.map((issue) =>
      issue.path[0] === 'quantity' ? { ...issue, path: ['lots', ...issue.path.slice(1)] } : issue,
    );
    return { success: false, error: { issues } };
  },
};

/**
 * The device part of the application's contribution to the draw (ADR 0016): 32 random bytes from this
 * browser's CSPRNG as 64 lowercase hex characters; the server mixes in its own part and shows both on the receipt.
 */
export function deviceContribution(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Quantity refusals go under the lots field, password ones under it; the rest inline with their way out. */
const KEY_FIELDS = {
  quantity_required: 'lots',
  quantity_not_lot_multiple: 'lots',
  subscription_cap_exceeded: 'lots',
  fund_password_required: 'fund_password',
  fund_password_wrong: 'fund_password',
} as const;

/** What /ipo/subscribe answered: the server's message (subscribe_success) and the subscription. */
export type Subscribed = WithMessage<NewShareApplication>;

/**
 * Subscribe to an issue in its window: a whole number of lots up to the cap, the amount (price × shares) shown
 * as it is typed, and the fund password (POST /ipo/subscribe with the form's Idempotency-Key). When the server
 * asks for the new-share risk disclosure, it is shown; once acknowledged the same subscription is sent again (the
 * form's risk gate, useContractForm `riskKind`).
 * What the server answered goes to `onSubscribed` (the screen's result sheet: this form leaves once subscribed).
 */
export function SubscribeForm({
  issue,
  onSubscribed,
}: {
  issue: NewShareIssue;
  onSubscribed: (result: Subscribed) => void;
}) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [subscribe] = useSubscribeNewShareMutation();
  const balance = useGetNewShareAvailableQuery(issue.market);
  const available = balance.data?.currency === issue.currency ? balance.data.jpy : undefined;
  const cap = maxLots(issue.subscription_cap, issue.lot_size);
  const form = useContractForm<SubscribeValues, BodyOf<typeof ENDPOINTS.newShareSubscribe>>({
    schema: subscribeSchema,
    namespace: NAMESPACE,
    labels: { lots: 'info.subscribe.lots' },
    keyFields: KEY_FIELDS,
    defaultValues: { lots: '1', fund_password: '' },
    toBody: (values) => {
      const lots = lotsOf(values.lots);
      return {
        id: issue.id,
        quantity: lots ? sharesOf(lots, issue.lot_size) : values.lots.trim(),
        fund_password: values.fund_password,
        contribution: deviceContribution(),
        // The answer names the stock in the reader's language (the result sheet shows it).
        lang: host.getSession().language,
      };
    },
    rules: (values) => {
      const lots = lotsOf(values.lots);
      if (values.lots.trim() !== '' && !lots) return { lots: { key: 'field_invalid' } };
      if (lots && lots.gt(cap))
        return { lots: { key: 'subscription_cap_exceeded', values: { cap: issue.subscription_cap } } };
      return {};
    },
    // The server asks for the new-share disclosure: the form opens it, and once accepted sends the same subscription.
    riskKind: 'new_share',
    send: (body, idempotencyKey) => subscribe({ body, idempotencyKey }),
    onSuccess: (result) => {
      form.form.reset({ lots: '1', fund_password: '' });
      onSubscribed(result as Subscribed);
    },
  });
  return (
    <Card title={t('info.subscribe.title')} className={layout.card}>
      <form className={layout.form} aria-label={t('info.subscribe.title')} onSubmit={form.onSubmit} noValidate>
        <p className={layout.note}>
          {t('info.subscribe.rule', {
            lot: t('info.shares', shareCount(issue.lot_size)),
            cap: t('info.shares', shareCount(issue.subscription_cap)),
            lots: t('info.lotCount', lotCount(cap)),
          })}
        </p>
        <Field label={t('info.subscribe.lots')} inputMode="numeric" autoComplete="off" {...form.field('lots')} />
        <SubscribeFigures issue={issue} typed={form.form.watch('lots') ?? ''} available={available} />
        <Field
          label={t('info.fundPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('fund_password')}
        />
        <p className={layout.note}>{t('info.subscribe.hold')}</p>
        <Refusal error={form.refusal} market={issue.market} />
        <Button type="submit" block busy={form.busy}>
          {t('info.subscribe.submit')}
        </Button>
      </form>
      <RiskDisclosureDialog {...form.risk} language={host.getSession().language} refusal={Refusal} />
    </Card>
  );
}

/** The amount the typed lots hold (price × shares), the money available, and a note when it does not cover it. */
function SubscribeFigures({ issue, typed, available }: { issue: NewShareIssue; typed: string; available?: string }) {
  const { t } = useRemoteTranslation();
  const lots = lotsOf(typed);
  const amount = lots ? subscriptionAmount(issue.subscription_price, sharesOf(lots, issue.lot_size)) : undefined;
  const short = available !== undefined && amount !== undefined && new Decimal(amount).gt(available);
  return (
    <>
      <p className={styles.amount} aria-live="polite">
        <span>{t('info.subscribe.amount', shareCount(lots ? sharesOf(lots, issue.lot_size) : '—'))}</span>
        {amount ? <Money value={amount} currency={issue.currency} /> : <span>—</span>}
      </p>
      {available !== undefined ? (
        <p className={styles.amount}>
          <span>{t('info.subscribe.available')}</span>
          <Money value={available} currency={issue.currency} />
        </p>
      ) : null}
      {short ? (
        <p className={layout.note} role="note">
          {t('info.subscribe.short')}
        </p>
      ) : null}
    </>
  );
}

/**
 * After subscribing (issue 35: every money action reports): the server's message (subscribe_success) as the title,
 * what it answered (the stock, the quantity in lots, the amount held until the draw, the order and application
 * numbers), when the draw is, and the way to the user's subscriptions of the market.
 */
export function SubscribedResultSheet({
  issue,
  result,
  onClose,
}: {
  issue: NewShareIssue;
  result: Subscribed | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const navigate = useNavigate();
  if (!result) return null;
  const subscribed = result.data;
  const held = subscribed.rjmoney === '-' ? subscribed.amount : subscribed.rjmoney;
  return (
    <ResultSheet
      open
      tone="pending"
      title={result.msg ? t(`msg:${result.msg}`) : t('info.subscribe.done')}
      rows={[
        { id: 'stock', label: t('info.confirm.stock'), value: `${subscribed.name} (${subscribed.code})` },
        {
          id: 'quantity',
          label: t('info.field.subscriptionQuantity'),
          value: t('info.sharesInLots', {
            shares: t('info.shares', shareCount(subscribed.quantity)),
            lots: t('info.lotCount', lotCount(subscribed.units)),
          }),
        },
        {
          id: 'held',
          label: t('info.subscribe.held'),
          value: <Money value={held} currency={subscribed.currency} />,
        },
        { id: 'order', label: t('info.application.orderNo'), value: subscribed.order_no },
        { id: 'number', label: t('info.field.allotmentNumber'), value: subscribed.application_no },
      ]}
      next={{
        label: t('info.subscribe.next'),
        onClick: () => navigate(`/mine/newShareOrder?market=${subscribed.market}&tab=records`),
      }}
      onClose={onClose}
    >
      <p className={layout.note}>
        {t('info.subscribe.resultNote', {
          draw: formatMarketTime(issue.draw_at, subscribed.market, i18n.language, MARKET_DATED),
        })}
      </p>
    </ResultSheet>
  );
}
