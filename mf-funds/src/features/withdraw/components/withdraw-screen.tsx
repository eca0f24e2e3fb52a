import { useEffect, useMemo, useRef, useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Link, useNavigate } from 'react-router';
import { Button, Card, ConfirmDialog, Field, Money, PageFrame, ResultSheet, StatRow } from 'shared/ui';
import { ENDPOINTS } from 'shared/contract';
import { ACCOUNT_CURRENCY, MINOR_UNITS, parseDecimal, type Currency } from 'shared/money';
import type { Market } from 'shared/mf';
import type { BodyOf } from 'shared/api';
import { layout, SelectField, useContractForm, type FormFieldError, type FormSchema } from 'shared/remote-kit';
import { NAMESPACE, Refusal, useGetFundsBalancesQuery, useHost, useRemoteTranslation } from '#lib';
import { useGetWithdrawCardsQuery } from '../api/get-bank-cards';
import { useGetWithdrawRulesQuery } from '../api/get-withdraw-rules';
import { useSubmitWithdrawalMutation } from '../api/submit-withdrawal';
import { usePasskeyWithdrawOptionsMutation } from '../api/passkey-withdraw-options';
import { useGetWithdrawPasskeysQuery } from '../api/get-passkeys';
import { PASSKEY_PENDING, passkeyAssertion } from '../model/passkey-confirm';
import { amountText } from '../model/withdraw-rules';
import { RecentWithdrawals } from './recent-withdrawals';
import { WithdrawRulesCard } from './withdraw-rules-card';
import styles from './withdraw.module.css';

const MARKETS: Record<string, Market> = { JPY: 'jpy', USD: 'usd', CNY: 'cny' };

interface WithdrawValues {
  currency: Currency;
  card_id: string;
  amount: string;
  fund_password: string;
}

/** The contract's schema, except that a missing card says "bind a bank card first" (not "card_id is invalid"). */
const withdrawSchema: FormSchema = {
  safeParse: (input) => {
    const result = ENDPOINTS.withdraw.request.safeParse(input);
    if (result.success) return { success: true };
    const issues = result.error.issues.map((issue) =>
      issue.path[0] === 'card_id' ? { ...issue, message: 'bank_card_required' } : issue,
    );
    return { success: false, error: { issues } };
  },
};

/** A card as the select shows it at phone width: "Bank · ****1234" (holder and branch below the select). */
const cardLabel = (card: { bank_name: string; card_number_masked: string }) =>
  `${card.bank_name} · ****${card.card_number_masked.slice(-4)}`;

/** What the server answered for a submitted withdrawal, with what was sent (for the result sheet). */
interface Submitted {
  orderNo: string;
  amount: string;
  currency: Currency;
  card: string;
}

/**
 * /mine/withdraw: the server's rules, the available balance, a bound card, amount and the confirmation; recent
 * withdrawals. Every reason the server would refuse now (rules.blocking: identity, card, fund password, hours,
 * positions, loans, reviews, score) is shown before any amount or password is asked, each with its way out
 * (issue 35); the form shows once nothing blocks. A withdrawal is confirmed with its figures (ConfirmDialog) and
 * reported with the server's answer (ResultSheet: order number, amount frozen, pending review, where to see it).
 * A user with a usable passkey (and a browser that can use it) confirms with it first (issue 33 point 3, JSDA:
 * phishing-resistant by default): options bound to this withdrawal, the browser's prompt, the assertion sent as
 * `passkey`; the fund password is the fallback behind "Use the fund password instead". Without one: the fund password.
 */
export function WithdrawScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const sessionMarket = host.getSession().market ?? 'jpy';
  const rules = useGetWithdrawRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  const balances = useGetFundsBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const cards = useGetWithdrawCardsQuery(undefined);
  const [submit] = useSubmitWithdrawalMutation();
  const [passkeyOptions] = usePasskeyWithdrawOptionsMutation();
  const webAuthn = useMemo(() => browserSupportsWebAuthn(), []);
  const passkeyList = useGetWithdrawPasskeysQuery({}, { skip: !webAuthn, refetchOnMountOrArgChange: true });
  const hasPasskey = webAuthn && (passkeyList.data?.list ?? []).some((p) => !p.suspended);
  // How this withdrawal is confirmed: the passkey first when the user has one, else (or on request) the fund password.
  const [usePassword, setUsePassword] = useState(false);
  const mode = hasPasskey && !usePassword ? 'passkey' : 'password';
  const confirmWith = useRef(mode);
  confirmWith.current = mode;

  const availableOf = (currency: Currency) =>
    balances.data?.find((b) => b.currency === currency)?.available ?? (balances.data ? '0' : undefined);
  // The minimum of the currency from the server's rules ('1' until they arrive); none: it cannot be withdrawn.
  const minOf = (currency: Currency) => (rules.data ? rules.data.min[currency] : '1');

  const withdraw = useContractForm<WithdrawValues, BodyOf<typeof ENDPOINTS.withdraw>>({
    schema: withdrawSchema,
    namespace: NAMESPACE,
    // The account's currency (JPY), not the market the quotes tab showed last (shared ACCOUNT_CURRENCY).
    defaultValues: { currency: ACCOUNT_CURRENCY, card_id: '', amount: '', fund_password: '' },
    toBody: (values) => ({
      amount: values.amount.trim(),
      currency: values.currency,
      card_id: Number(values.card_id),
      ...(confirmWith.current === 'passkey'
        ? { fund_password: '', passkey: PASSKEY_PENDING }
        : { fund_password: values.fund_password }),
    }),
    rules: (values) => {
      const min = minOf(values.currency);
      const available = availableOf(values.currency);
      const amount = parseDecimal(values.amount);
      let amountError: FormFieldError | undefined;
      if (amount && amount.decimalPlaces() > MINOR_UNITS[values.currency]) amountError = { key: 'amount_invalid' };
      else if (amount && min && amount.lt(min))
        amountError = { key: 'withdraw_min', values: { min: amountText(min, values.currency) } };
      else if (amount && available !== undefined && amount.gt(available)) amountError = { key: 'insufficient_balance' };
      return {
        currency: min ? undefined : { key: 'withdraw_currency_unavailable' },
        amount: amountError,
      };
    },
    send: async (body, idempotencyKey) => {
      if (confirmWith.current !== 'passkey') return submit({ body, idempotencyKey });
      const { amount, currency: bodyCurrency, card_id } = body;
      const options = await passkeyOptions({ amount, currency: bodyCurrency, card_id });
      if (!options.data) return options;
      const assertion = await passkeyAssertion(options.data.options);
      if ('error' in assertion) return assertion;
      return submit({ body: { ...body, passkey: assertion.passkey }, idempotencyKey });
    },
    onSuccess: (data, values) => {
      const answer = data as { order_no?: string } | null;
      const card = cardList.find((c) => String(c.id) === values.card_id);
      setSubmitted({
        orderNo: answer?.order_no ?? '',
        amount: values.amount.trim(),
        currency: values.currency,
        card: card ? cardLabel(card) : '',
      });
      withdraw.form.reset({ ...values, amount: '', fund_password: '' });
    },
  });
  const { watch, setValue, handleSubmit } = withdraw.form;
  // The form is checked first (schema and rules), then confirmed with its figures; the confirmation sends it.
  const onCheck = handleSubmit(() => setConfirming(true));
  // The dialog closes on the server's answer, whatever it is (a refusal shows under the form).
  const confirm = async () => {
    await withdraw.onSubmit();
    setConfirming(false);
  };
  const blocking = rules.data?.blocking ?? [];
  const currency = watch('currency');
  const cardId = watch('card_id');

  const currencies = Object.keys(rules.data?.min ?? { [currency]: '' }) as Currency[];
  const cardList = useMemo(() => cards.data ?? [], [cards.data]);
  useEffect(() => {
    if (cardList.length > 0 && !cardList.some((c) => String(c.id) === cardId))
      setValue('card_id', String(cardList[0]!.id));
  }, [cardList, cardId, setValue]);
  const selectedCard = cardList.find((c) => String(c.id) === cardId);
  const available = availableOf(currency);

  const amountValue = watch('amount');
  const arrivalHours = rules.data ? /^(\d+)h$/.exec(rules.data.arrival) : null;
  const arrival = arrivalHours
    ? t('withdraw.rules.arrivalHours', { hours: arrivalHours[1] })
    : t('withdraw.rules.arrivalText', { arrival: rules.data?.arrival ?? '—' });
  return (
    <PageFrame title={t('withdraw.title')}>
      <WithdrawRulesCard rules={rules.data} />
      {blocking.length > 0 ? (
        <Card title={t('withdraw.blocked.title')} className={layout.card}>
          <p className={layout.note}>{t('withdraw.blocked.hint')}</p>
          <ul className={styles.blockers} aria-label={t('withdraw.blocked.title')}>
            {blocking.map((reason) => (
              <li key={reason.key}>
                <Refusal error={{ status: 200, kind: 'business', msg: reason.key, values: reason.values }} />
              </li>
            ))}
          </ul>
          <p className={styles.balance}>
            <span>{t('withdraw.available')}</span>
            {available !== undefined ? <Money value={available} currency={currency} /> : <span>—</span>}
          </p>
        </Card>
      ) : null}
      {blocking.length > 0 ? null : (
        <Card className={layout.card}>
          <form className={layout.form} aria-label={t('withdraw.title')} onSubmit={onCheck} noValidate>
            <SelectField
              label={t('withdraw.currency')}
              {...withdraw.field('currency')}
              value={currency}
              options={currencies.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
            />
            <p className={styles.balance}>
              <span>{t('withdraw.available')}</span>
              {available !== undefined ? <Money value={available} currency={currency} /> : <span>—</span>}
            </p>
            {cards.data && cardList.length === 0 ? (
              <div className={layout.form}>
                <p className={layout.note} role="note">
                  {t('withdraw.noCard')}
                </p>
                <Link className="ds-button ds-button--secondary" to="/mine/bankAdd">
                  {t('wayOut.bank_card_required.action')}
                </Link>
              </div>
            ) : (
              <div className={styles.cardPick}>
                <SelectField
                  label={t('withdraw.card')}
                  {...withdraw.field('card_id')}
                  value={cardId}
                  options={cardList.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
                />
                {selectedCard ? (
                  <p className={styles.cardDetail}>{`${selectedCard.holder_name} · ${selectedCard.branch_name}`}</p>
                ) : null}
              </div>
            )}
            <Field
              label={t('withdraw.amount', { currency })}
              inputMode="decimal"
              autoComplete="off"
              {...withdraw.field('amount')}
            />
            {mode === 'passkey' ? (
              <>
                <p className={layout.note}>{t('msg:withdraw_passkey_hint')}</p>
                <Refusal error={withdraw.refusal} />
                <Button type="submit" block busy={withdraw.busy}>
                  {t('msg:withdraw_passkey_confirm')}
                </Button>
                <Button type="button" variant="ghost" block onClick={() => setUsePassword(true)}>
                  {t('msg:withdraw_use_fund_password')}
                </Button>
              </>
            ) : (
              <>
                <Field
                  label={t('withdraw.fundPassword')}
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  {...withdraw.field('fund_password')}
                />
                <Refusal error={withdraw.refusal} />
                <Button type="submit" block busy={withdraw.busy}>
                  {t('withdraw.submit')}
                </Button>
                {hasPasskey ? (
                  <Button type="button" variant="ghost" block onClick={() => setUsePassword(false)}>
                    {t('withdraw.passkeySubmit')}
                  </Button>
                ) : null}
              </>
            )}
          </form>
        </Card>
      )}
      <RecentWithdrawals market={MARKETS[currency] ?? sessionMarket} />
      <ConfirmDialog
        open={confirming}
        title={t('withdraw.confirm.title')}
        confirmLabel={t('withdraw.confirm.ok')}
        busy={withdraw.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <dl className={layout.stack}>
          <StatRow label={t('withdraw.confirm.amount')}>
            <Money value={amountValue.trim() || '0'} currency={currency} />
          </StatRow>
          <StatRow label={t('withdraw.confirm.card')}>{selectedCard ? cardLabel(selectedCard) : '—'}</StatRow>
        </dl>
        <p className={layout.note}>{t('withdraw.confirm.note')}</p>
        <p className={layout.note}>{arrival}</p>
      </ConfirmDialog>
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
        onClose={() => setSubmitted(null)}
      >
        <p className={layout.note}>{t('withdraw.result.note')}</p>
        <p className={layout.note}>{arrival}</p>
      </ResultSheet>
    </PageFrame>
  );
}
