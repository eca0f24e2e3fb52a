import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { BodyOf } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { Button, Card, Field, Money, PageFrame, ResultSheet } from 'shared/ui';
import { ACCOUNT_CURRENCY, Decimal, MINOR_UNITS, formatMoney, parseDecimal, type Currency } from 'shared/money';
import {
  ImagePicker,
  layout,
  SelectField,
  useContractForm,
  type ContractForm,
  type ImageRejection,
} from 'shared/remote-kit';
import { NAMESPACE, Refusal, useRemoteTranslation } from '#lib';
import { useGetDepositChannelsQuery } from '../api/get-deposit-channels';
import { useSubmitDepositMutation } from '../api/submit-deposit';
import { DepositRecords } from './deposit-records';
import { DepositRules } from './deposit-rules';

interface DepositValues {
  currency: Currency;
  channel_id: string;
  amount: string;
  /** The transfer proof: sent as the multipart file part `proof`. */
  proof: File | null;
}
/** What the contract's schema checks (the proof is a file part the schema does not name). */
type DepositBody = BodyOf<typeof ENDPOINTS.deposit> & { proof: File | null };

/** A submitted deposit as the server answered it, with what was sent (for the result sheet). */
interface Submitted {
  orderNo: string;
  amount: string;
  currency: Currency;
}

type Channel = DataOf<'depositChannels'>['channels'][number];

/**
 * The deposit form: the account's currency first, the minor unit, the maximum and the proof checked as the server
 * does, sent as multipart; what the server answered goes to `onSubmitted`, and the amount and proof are cleared.
 */
function useDepositForm(max: string | undefined, onSubmitted: (submitted: Submitted) => void) {
  const [submit] = useSubmitDepositMutation();
  const deposit = useContractForm<DepositValues, DepositBody>({
    endpoint: ENDPOINTS.deposit,
    namespace: NAMESPACE,
    defaultValues: {
      // The account's currency (JPY), not the market the quotes tab showed last (shared ACCOUNT_CURRENCY).
      currency: ACCOUNT_CURRENCY,
      channel_id: '',
      amount: '',
      proof: null,
    },
    toBody: (values) => ({
      amount: values.amount.trim(),
      currency: values.currency,
      channel_id: values.channel_id,
      proof: values.proof,
    }),
    // Beyond the schema, as the server checks: the currency's minor unit, the maximum, a proof image.
    rules: (values) => {
      const amount = parseDecimal(values.amount);
      const decimals = MINOR_UNITS[values.currency];
      return {
        amount:
          amount && amount.decimalPlaces() > decimals
            ? { key: 'amount_invalid' }
            : amount && max && amount.gt(new Decimal(max))
              ? { key: 'deposit_max', values: { max: `${formatMoney(max, { decimals })} ${values.currency}` } }
              : undefined,
        proof: values.proof ? undefined : { key: 'proof_required' },
      };
    },
    send: ({ amount, currency, channel_id, proof }, idempotencyKey) => {
      const body = new FormData();
      body.append('amount', amount);
      body.append('currency', currency ?? 'JPY');
      body.append('channel_id', channel_id);
      body.append('proof', proof!);
      // Multipart: the base query sends FormData as it is; the entry's body type names the fields.
      return submit({ body: body as unknown as BodyOf<typeof ENDPOINTS.deposit>, idempotencyKey });
    },
    onSuccess: (data, values) => {
      const answer = data as { order_no?: string } | null;
      onSubmitted({ orderNo: answer?.order_no ?? '', amount: values.amount.trim(), currency: values.currency });
      deposit.form.reset({ ...values, amount: '', proof: null });
    },
  });
  return deposit;
}

/**
 * Once the channels arrive: a currency that has a channel, and the first channel of that currency. Answers the
 * chosen currency and channel, and the channels of that currency.
 */
function useChannelChoice(
  deposit: ContractForm<DepositValues>,
  channels: readonly Channel[],
  currencies: readonly Currency[],
) {
  const { watch, setValue } = deposit.form;
  const currency = watch('currency');
  const channelId = watch('channel_id');
  useEffect(() => {
    if (currencies.length > 0 && !currencies.includes(currency)) setValue('currency', currencies[0]!);
  }, [currencies, currency, setValue]);
  const ofCurrency = channels.filter((c) => c.currency === currency);
  useEffect(() => {
    if (ofCurrency.length > 0 && !ofCurrency.some((c) => c.id === channelId)) setValue('channel_id', ofCurrency[0]!.id);
  }, [ofCurrency, channelId, setValue]);
  return { currency, channelId, ofCurrency };
}

/** A chosen proof (or none); one the server would refuse (type, 5 MB) says why under the picker. */
function useProofPick(deposit: ContractForm<DepositValues>) {
  const { t } = useRemoteTranslation();
  const { setValue, formState } = deposit.form;
  return (file: File | undefined, rejection?: ImageRejection) => {
    deposit.form.clearErrors('proof');
    setValue('proof', file ?? null, { shouldValidate: formState.isSubmitted && !rejection });
    if (rejection)
      deposit.form.setError('proof', {
        type: rejection.key,
        message: t(`msg:${rejection.key}`, { ...rejection.values, field: t('deposit.proof') }),
      });
  };
}

/** The identity is not verified: no form, "verify first" with the way there, and the rules. */
function DepositVerifyFirst({ msg, currency }: { msg: string; currency: Currency }) {
  const { t } = useRemoteTranslation();
  return (
    <PageFrame title={t('deposit.title')}>
      <Card title={t('deposit.verifyFirst.title')} className={layout.card}>
        <p className={layout.note}>{t('deposit.verifyFirst.hint')}</p>
        <Refusal error={{ status: 200, kind: 'business', msg }} />
      </Card>
      <DepositRules currency={currency} />
    </PageFrame>
  );
}

/** Why the form was refused: with no business answer, "submit failed" and its cause; else the server's refusal. */
function DepositRefusal({ refusal, failed }: { refusal: ContractForm<DepositValues>['refusal']; failed: boolean }) {
  const { t } = useRemoteTranslation();
  if (failed && refusal)
    return (
      <div className="ds-refusal" role="alert">
        <p className="ds-refusal__message">{t('msg:submit_failed')}</p>
        <p className="ds-refusal__hint">{t(`msg:${refusal.msg}`)}</p>
      </div>
    );
  return <Refusal error={refusal} />;
}

/** The deposit that arrived: order no., amount, the proof uploaded, pending review. */
function DepositSubmitted({ submitted, onClose }: { submitted: Submitted | null; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  return (
    <ResultSheet
      open={submitted !== null}
      tone="pending"
      title={t('msg:recharge_success')}
      rows={
        submitted
          ? [
              { id: 'order_no', label: t('deposit.result.orderNo'), value: submitted.orderNo || '—' },
              {
                id: 'amount',
                label: t('deposit.result.amount'),
                value: <Money value={submitted.amount} currency={submitted.currency} />,
              },
              { id: 'proof', label: t('deposit.proof'), value: t('msg:upload_success') },
              { id: 'state', label: t('deposit.result.state'), value: t('review.pending') },
            ]
          : []
      }
      onClose={onClose}
    >
      <p className={layout.note}>{t('deposit.result.note')}</p>
    </ResultSheet>
  );
}

/**
 * /mine/deposit: amount, currency, channel and transfer proof (multipart, one Idempotency-Key per
 * submission); the user's deposits. A user whose identity is not verified sees "verify first" with the way there
 * (the server answers no receiving account to them: channels.verify_first), never the form (issue 35). A deposit
 * that arrived is reported in a ResultSheet (recharge_success, the proof's upload_success, order no., pending
 * review); a request that got no business answer (network, HTTP) says upload_failed at the proof and
 * submit_failed for the form (spec §9's client messages).
 */
export function DepositScreen() {
  const { t } = useRemoteTranslation();
  const channelsQuery = useGetDepositChannelsQuery();
  const channels = useMemo(() => channelsQuery.data?.channels ?? [], [channelsQuery.data]);
  const currencies = useMemo(() => [...new Set(channels.map((c) => c.currency))], [channels]);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const deposit = useDepositForm(channelsQuery.data?.max, setSubmitted);
  const { watch } = deposit.form;
  /** "MUFG Bank (0005) · Ordinary 1234567": the bank, the account type where it has one, the number. */
  const channelLabel = (c: Channel) =>
    `${c.bank} · ${c.account_type ? `${t(`channel.accountType.${c.account_type}`)} ` : ''}${c.account_number}`;
  const { currency, channelId, ofCurrency } = useChannelChoice(deposit, channels, currencies);
  const proof = watch('proof');
  const pickProof = useProofPick(deposit);

  // No business answer (no network, an HTTP error): the proof did not get through and nothing was submitted.
  const failed = deposit.refusal !== undefined && deposit.refusal.kind !== 'business';
  const verifyFirst = channelsQuery.data?.verify_first;

  if (verifyFirst) return <DepositVerifyFirst msg={verifyFirst} currency={currency} />;

  return (
    <PageFrame title={t('deposit.title')}>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('deposit.title')} onSubmit={deposit.onSubmit} noValidate>
          <SelectField
            label={t('deposit.currency')}
            {...deposit.field('currency')}
            value={currency}
            options={(currencies.length ? currencies : [currency]).map((c) => ({
              value: c,
              label: t(`currency.${c}`),
            }))}
          />
          <SelectField
            label={t('deposit.channel')}
            {...deposit.field('channel_id')}
            value={channelId}
            options={ofCurrency.map((c) => ({ value: c.id, label: channelLabel(c) }))}
          />
          <Field
            label={t('deposit.amount', { currency })}
            inputMode="decimal"
            autoComplete="off"
            {...deposit.field('amount')}
          />
          <ImagePicker
            label={t('deposit.proof')}
            hint={t('deposit.proofHint')}
            chooseLabel={t('deposit.chooseProof')}
            removeLabel={t('deposit.removeProof')}
            name="proof"
            file={proof ?? undefined}
            onChange={pickProof}
            error={deposit.errorOf('proof') ?? (failed ? t('msg:upload_failed') : undefined)}
          />
          <DepositRefusal refusal={deposit.refusal} failed={failed} />
          <Button type="submit" block busy={deposit.busy}>
            {t('deposit.submit')}
          </Button>
        </form>
      </Card>
      <div className={layout.stack}>
        <Link className="ds-button ds-button--secondary ds-button--block" to="/mine/stored">
          {t('deposit.seeChannel')}
        </Link>
      </div>
      <DepositRecords />
      <DepositRules currency={currency} />
      <DepositSubmitted submitted={submitted} onClose={() => setSubmitted(null)} />
    </PageFrame>
  );
}
