import type { NewShareApplication } from 'shared/contract';
import type { BodyOf, WithMessage } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { ConfirmDialog, Field, Money, ResultSheet } from 'shared/ui';
import { apiErrorOf, formatMarketTime, layout, useContractForm, useIdempotencyKey } from 'shared/remote-kit';
import { NAMESPACE, useHost, useRemoteTranslation } from '#lib';
import { useConfirmNewShareMutation } from '../api/confirm-new-share';
import { useDeclineNewShareMutation } from '../api/decline-new-share';
import { MARKET_DATED } from '../model/market-date';
import { shareCount } from '../model/quantity';
import { Refusal } from './refusal';

interface DialogProps {
  open: boolean;
  application: NewShareApplication;
  onClose: () => void;
}

/**
 * Pay for a won allotment: what it costs and what is released, then the fund password (POST /ipo/confirm); what the
 * server answered goes to `onPaid` (the result sheet), not to a toast.
 */
export function ConfirmAllotmentDialog({
  open,
  application,
  due,
  onClose,
  onPaid,
}: DialogProps & { due?: string; onPaid: (result: WithMessage<NewShareApplication>) => void }) {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const [confirm] = useConfirmNewShareMutation();
  const form = useContractForm<{ fund_password: string }, BodyOf<typeof ENDPOINTS.newShareConfirm>>({
    endpoint: ENDPOINTS.newShareConfirm,
    namespace: NAMESPACE,
    defaultValues: { fund_password: '' },
    // The answer names the stock in the reader's language (the result sheet shows it).
    toBody: (values) => ({ id: application.id, fund_password: values.fund_password, lang: host.getSession().language }),
    send: (body, idempotencyKey) => confirm({ body, idempotencyKey }),
    onSuccess: (result) => {
      form.form.reset({ fund_password: '' });
      onClose();
      onPaid(result as WithMessage<NewShareApplication>);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title={t('info.confirm.title')}
      confirmLabel={t('info.confirm.submit')}
      busy={form.busy}
      onConfirm={() => void form.onSubmit()}
      onCancel={onClose}
    >
      <form className={layout.form} onSubmit={form.onSubmit} noValidate aria-label={t('info.confirm.title')}>
        <p className={layout.note}>
          {t('info.confirm.body', { ...shareCount(application.allotted_quantity ?? '0'), code: application.code })}{' '}
          {due ? <Money value={due} currency={application.currency} /> : null}
        </p>
        <p className={layout.note}>{t('info.confirm.release')}</p>
        <Field
          label={t('info.fundPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('fund_password')}
        />
        <Refusal error={form.refusal} market={application.market} />
      </form>
    </ConfirmDialog>
  );
}

/**
 * After paying (issue 35): the server's message (purchase_success) as the title and what it answered (the shares,
 * the amount paid and held until the listing, the order number) and when the shares arrive.
 */
export function PaidResultSheet({
  result,
  onClose,
}: {
  result: WithMessage<NewShareApplication> | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  if (!result) return null;
  const paid = result.data;
  return (
    <ResultSheet
      open
      title={result.msg ? t(`msg:${result.msg}`) : t('info.confirm.done')}
      rows={[
        { id: 'stock', label: t('info.confirm.stock'), value: `${paid.name} (${paid.code})` },
        {
          id: 'allotted',
          label: t('info.field.allottedQuantity'),
          value: t('info.shares', shareCount(paid.allotted_quantity ?? '0')),
        },
        ...(paid.paid_amount
          ? [
              {
                id: 'paid',
                label: t('info.application.paid'),
                value: <Money value={paid.paid_amount} currency={paid.currency} />,
              },
            ]
          : []),
        { id: 'order', label: t('info.application.orderNo'), value: paid.order_no },
      ]}
      onClose={onClose}
    >
      <p className={layout.note}>
        {t('info.confirm.resultNote', {
          // dated even on the listing day itself (a bare "09:00" reads as no date at all)
          date: formatMarketTime(paid.listing_at, paid.market, i18n.language, MARKET_DATED),
        })}
      </p>
    </ResultSheet>
  );
}

/** What a decline answered, and the hold it released (the application's frozen amount before it). */
export interface Declined {
  application: NewShareApplication;
  released: string | null;
}

/** After declining (issue 35): what was given up and what came back to the balance, with the order number. */
export function DeclinedResultSheet({ result, onClose }: { result: Declined | undefined; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  if (!result) return null;
  const { application, released } = result;
  return (
    <ResultSheet
      open
      title={t('info.decline.done')}
      rows={[
        { id: 'stock', label: t('info.confirm.stock'), value: `${application.name} (${application.code})` },
        ...(released
          ? [
              {
                id: 'released',
                label: t('info.decline.released'),
                value: <Money value={released} currency={application.currency} />,
              },
            ]
          : []),
        { id: 'order', label: t('info.application.orderNo'), value: application.order_no },
      ]}
      onClose={onClose}
    />
  );
}

/**
 * Abstain from a won allotment: the hold is released (POST /ipo/decline, in the reader's language), after a
 * confirmation; what the server answered goes to `onDeclined` (the result sheet), not to a toast.
 */
export function DeclineAllotmentDialog({
  open,
  application,
  onClose,
  onDeclined,
}: DialogProps & { onDeclined: (result: Declined) => void }) {
  const { t, i18n } = useRemoteTranslation();
  const host = useHost();
  const [decline, state] = useDeclineNewShareMutation();
  const key = useIdempotencyKey();
  const onConfirm = async () => {
    const body = { id: application.id, lang: host.getSession().language };
    const answer = await decline({ body, idempotencyKey: key.current() });
    if ('data' in answer && answer.data) {
      key.renew();
      onClose();
      onDeclined({ application: answer.data, released: application.rjmoney === '-' ? null : application.rjmoney });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('info.decline.title')}
      confirmLabel={t('info.decline.submit')}
      tone="danger"
      busy={state.isLoading}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <p className={layout.note}>
        {t('info.decline.body', {
          code: application.code,
          deadline: formatMarketTime(application.pay_deadline, application.market, i18n.language),
        })}
      </p>
      <Refusal error={apiErrorOf(state.error)} market={application.market} />
    </ConfirmDialog>
  );
}
