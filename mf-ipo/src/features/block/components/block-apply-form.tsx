import { useNavigate } from 'react-router';
import { Button, Field, Money, ResultSheet } from 'shared/ui';
import { shareCount } from 'shared/money';
import type { BodyOf, WithMessage } from 'shared/api';
import { ENDPOINTS, type BlockApplied } from 'shared/contract';
import { RiskDisclosureDialog, apiErrorOf, formatMarketTime, layout, useContractForm } from 'shared/remote-kit';
import { NAMESPACE, lotCount, useHost, useRemoteTranslation } from '#lib';
import { useApplyBlockMutation } from '../api/apply-block';
import type { BlockListing } from '../api/get-block-list';
import { applicationCost, parseLots } from '../model/block-math';
import { applicationPath } from '../model/variants';
import { BlockRefusal } from './block-refusal';
import { FinancingBreakdown } from './financing-breakdown';
import { lotsText } from './listing-row';
import styles from './block-trade.module.css';

/**
 * Refusals the server ties to a field that read better above the button, with their way out: the tries left today
 * or the end of the lock (an instant, in the listing's market clock), the lots that are left.
 */
const WITH_WAY_OUT = ['channel_password_wrong', 'channel_password_locked', 'insufficient_buy_quota'];

function aboveTheButton<R extends { data?: unknown; error?: unknown }>(result: R): R {
  const error = apiErrorOf(result.error);
  if (!error || !WITH_WAY_OUT.includes(error.msg)) return result;
  const { field: _field, ...rest } = error;
  return { ...result, error: rest };
}

interface ApplyValues {
  lots: string;
  channel_password: string;
  fund_password: string;
}

/** The label keys of the form's fields (named in their inline errors). */
const LABELS = {
  lots: 'blockInfo.lots',
  channel_password: 'blockInfo.channelPassword',
  fund_password: 'blockInfo.fundPassword',
} as const;

/** What /block/apply answered: the server's message (block_applied), the order number and the money held. */
export type BlockAppliedResult = WithMessage<BlockApplied>;

/** The lot size and lots left, the cost of the typed lots, a financing block's breakdown, and the lock-up. */
function ApplicationFigures({ listing: l, lots }: { listing: BlockListing; lots: number | undefined }) {
  const { t } = useRemoteTranslation();
  const cost = lots === undefined ? undefined : applicationCost(lots, l.lot_cost);
  return (
    <>
      <p className={layout.note}>
        {t('blockInfo.lotsNote', {
          size: t('info.shares', shareCount(l.lot_size)),
          left: t('blockInfo.lotCount', lotCount(l.lots_left)),
        })}
      </p>
      <div className={styles.cost} role="status" aria-label={t('blockInfo.cost')}>
        <span>{t('blockInfo.cost')}</span>
        {cost === undefined ? (
          <span>—</span>
        ) : (
          <Money value={cost} currency={l.currency} className={styles.costValue} />
        )}
      </div>
      {l.variant === 'financing' ? <FinancingBreakdown listing={l} lots={lots} /> : null}
      {l.lockup_days > 0 ? (
        <p className={layout.note} role="note">
          {t('blockInfo.lockupNote', {
            count: l.lockup_days,
            date: l.sellable_from_if_approved_today ?? '—',
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * The application of an open listing: lots (at least the minimum, at most what is left), the cost worked out as
 * the lots are typed (lots × lot size × block price), the channel password and the fund password. A refusal shows
 * inline with its way out; a lock by wrong channel passwords says until when, in the listing's market clock. What
 * the server answered goes to `onApplied` (the screen's result sheet: the form leaves if the last lots were taken).
 */
export function BlockApplyForm({
  listing: l,
  onApplied,
}: {
  listing: BlockListing;
  onApplied: (result: BlockAppliedResult) => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const host = useHost();
  const [apply] = useApplyBlockMutation();
  const form = useContractForm<ApplyValues, BodyOf<typeof ENDPOINTS.blockApply>>({
    endpoint: ENDPOINTS.blockApply,
    namespace: NAMESPACE,
    defaultValues: { lots: String(l.min_lots), channel_password: '', fund_password: '' },
    toBody: (values) => ({
      id: l.id,
      lots: values.lots.trim(),
      channel_password: values.channel_password,
      fund_password: values.fund_password,
    }),
    labels: LABELS,
    // Beyond the schema: the listing's minimum and the lots left (the server checks both again).
    rules: (values) => {
      const lots = parseLots(values.lots);
      if (lots !== undefined && lots < l.min_lots)
        return { lots: { key: 'block_min_lots', values: { min: l.min_lots } } };
      if (lots !== undefined && lots > l.lots_left)
        return { lots: { key: 'insufficient_buy_quota', values: { left: l.lots_left } } };
      return {};
    },
    keyFields: { block_min_lots: 'lots' },
    // A financing block needs the leverage risk disclosure acknowledged once: the form opens it when the server
    // says so, and once accepted sends the same application again.
    riskKind: 'leverage',
    send: async (body, idempotencyKey) => aboveTheButton(await apply({ body, idempotencyKey })),
    onSuccess: (result) => {
      form.form.reset({ lots: String(l.min_lots), channel_password: '', fund_password: '' });
      onApplied(result as BlockAppliedResult);
    },
  });
  const locked = l.locked_until !== null;
  return (
    <>
      <form className={layout.form} aria-label={t('blockInfo.apply')} onSubmit={form.onSubmit} noValidate>
        <Field
          label={t('blockInfo.lotsMin', { min: lotsText(l.min_lots) })}
          inputMode="numeric"
          autoComplete="off"
          {...form.field('lots')}
        />
        <ApplicationFigures listing={l} lots={parseLots(form.form.watch('lots'))} />
        <Field
          label={t('blockInfo.channelPassword')}
          type="password"
          autoComplete="off"
          {...form.field('channel_password')}
        />
        <Field
          label={t('blockInfo.fundPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('fund_password')}
        />
        {locked ? (
          <p className={layout.note} role="note">
            {t('blockInfo.locked', { until: formatMarketTime(l.locked_until, l.market, i18n.language) })}
          </p>
        ) : null}
        <BlockRefusal error={form.refusal} market={l.market} />
        <Button type="submit" block busy={form.busy} disabled={locked}>
          {t('blockInfo.apply')}
        </Button>
      </form>
      <RiskDisclosureDialog {...form.risk} language={host.getSession().language} refusal={BlockRefusal} />
    </>
  );
}

/**
 * After applying (issue 35: every money action reports): the server's message (block_applied) as the title, what it
 * answered (the lots and shares, the amount and the money held, the order number) with the pending review, and the
 * way to the application.
 */
export function AppliedResultSheet({
  listing: l,
  result,
  onClose,
}: {
  listing: BlockListing;
  result: BlockAppliedResult | undefined;
  onClose: () => void;
}) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  if (!result) return null;
  const applied = result.data;
  const money = (value: string) => <Money value={value} currency={applied.currency} />;
  return (
    <ResultSheet
      open
      tone="pending"
      title={result.msg ? t(`msg:${result.msg}`) : t('blockInfo.result.done')}
      rows={[
        { id: 'stock', label: t('info.confirm.stock'), value: `${l.name} (${l.code})` },
        {
          id: 'lots',
          label: t('blockApp.field.lots'),
          value: t('blockInfo.result.lots', {
            lots: t('blockInfo.lotCount', lotCount(applied.lots)),
            shares: t('info.shares', shareCount(applied.shares)),
          }),
        },
        ...(applied.amount === applied.held
          ? []
          : [{ id: 'amount', label: t('blockApp.field.amount'), value: money(applied.amount) }]),
        { id: 'held', label: t('blockInfo.result.held'), value: money(applied.held) },
        { id: 'order', label: t('blockApp.field.orderNo'), value: applied.order_no },
        { id: 'state', label: t('blockApp.field.status'), value: t('blockApp.status.pending') },
      ]}
      next={{ label: t('blockInfo.result.next'), onClick: () => navigate(applicationPath(applied.id)) }}
      onClose={onClose}
    >
      <p className={layout.note}>{t('blockInfo.result.note')}</p>
    </ResultSheet>
  );
}
