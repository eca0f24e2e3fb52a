import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Card, Field, PageFrame } from 'shared/ui';
import { MARKET_CURRENCY, type Currency } from 'shared/money';
import { layout, SelectField } from 'shared/remote-kit';
import { ImagePicker, Refusal, apiErrorOf, fieldRefusal, useHost, useIdempotencyKey, useRemoteTranslation } from '#lib';
import { useGetDepositChannelsQuery } from '../api/get-deposit-channels';
import { useSubmitDepositMutation } from '../api/submit-deposit';
import { validateDeposit } from '../model/deposit-form';
import { DepositRecords } from './deposit-records';
import { DepositRules } from './deposit-rules';

const FIELDS = ['amount', 'channel_id', 'proof'] as const;

/** /mine/deposit: amount, currency, channel and transfer proof (multipart, one Idempotency-Key per submission); the user's deposits. */
export function DepositScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const channelsQuery = useGetDepositChannelsQuery();
  const channels = useMemo(() => channelsQuery.data?.channels ?? [], [channelsQuery.data]);
  const currencies = useMemo(() => [...new Set(channels.map((c) => c.currency))], [channels]);
  const preferred = MARKET_CURRENCY[host.getSession().market ?? 'jpy'];
  const [currency, setCurrency] = useState<Currency>(preferred);
  const [channelId, setChannelId] = useState('');
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submit, result] = useSubmitDepositMutation();
  const key = useIdempotencyKey();

  // Once the channels arrive: a currency that has a channel, and the first channel of that currency.
  useEffect(() => {
    if (currencies.length > 0 && !currencies.includes(currency)) setCurrency(currencies[0]!);
  }, [currencies, currency]);
  const ofCurrency = channels.filter((c) => c.currency === currency);
  useEffect(() => {
    if (ofCurrency.length > 0 && !ofCurrency.some((c) => c.id === channelId)) setChannelId(ofCurrency[0]!.id);
  }, [ofCurrency, channelId]);

  const errors = validateDeposit({ amount, currency, channel_id: channelId, proof, max: channelsQuery.data?.max });
  const refusal = apiErrorOf(result.error);
  const shown = (field: (typeof FIELDS)[number]) => {
    const local = submitted ? errors[field] : undefined;
    if (local) return t(`msg:${local.key}`, local.values ?? {});
    return fieldRefusal(refusal, field, t);
  };
  const change = (apply: () => void) => {
    apply();
    // A changed form is a different request: the next submission gets a new key.
    key.renew();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || result.isLoading) return;
    const body = new FormData();
    body.append('amount', amount.trim());
    body.append('currency', currency);
    body.append('channel_id', channelId);
    body.append('proof', proof!);
    const answer = await submit({ body, idempotencyKey: key.current() });
    if ('data' in answer) {
      key.renew();
      host.toast('recharge_success', { ns: 'msg' });
      setAmount('');
      setProof(null);
      setSubmitted(false);
    }
  };

  return (
    <PageFrame title={t('deposit.title')}>
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('deposit.title')} onSubmit={onSubmit} noValidate>
          <SelectField
            label={t('deposit.currency')}
            value={currency}
            options={(currencies.length ? currencies : [currency]).map((c) => ({
              value: c,
              label: t(`currency.${c}`),
            }))}
            onChange={(e) => change(() => setCurrency(e.target.value as Currency))}
          />
          <SelectField
            label={t('deposit.channel')}
            value={channelId}
            options={ofCurrency.map((c) => ({
              value: c.id,
              label: `${c.bank} · ${c.account_type ? `${t(`channel.accountType.${c.account_type}`)} ` : ''}${c.account_number}`,
            }))}
            onChange={(e) => change(() => setChannelId(e.target.value))}
            error={shown('channel_id')}
          />
          <Field
            label={t('deposit.amount', { currency })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => change(() => setAmount(e.target.value))}
            error={shown('amount')}
          />
          <ImagePicker
            label={t('deposit.proof')}
            hint={t('deposit.proofHint')}
            chooseLabel={t('deposit.chooseProof')}
            removeLabel={t('deposit.removeProof')}
            name="proof"
            file={proof}
            onChange={(file) => change(() => setProof(file))}
            error={shown('proof')}
          />
          <Refusal error={refusal} fields={FIELDS} />
          <Button type="submit" block busy={result.isLoading}>
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
    </PageFrame>
  );
}
