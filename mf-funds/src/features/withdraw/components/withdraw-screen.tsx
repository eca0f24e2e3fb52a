import { useEffect, useMemo, useRef, useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Link } from 'react-router';
import { Button, Card, Field, Money, PageFrame } from 'shared/ui';
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

/**
 * /mine/withdraw: the server's rules, the available balance, a bound card, amount and the confirmation; recent
 * withdrawals. A user with a usable passkey (and a browser that can use it) confirms with it first (issue 33 point 3,
 * JSDA: phishing-resistant by default): options bound to this withdrawal, the browser's prompt, the assertion sent as
 * `passkey`; the fund password is the fallback behind "Use the fund password instead". Without one: the fund password.
 */
export function WithdrawScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
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
    onSuccess: (_data, values) => {
      host.toast('withdraw_success', { ns: 'msg' });
      withdraw.form.reset({ ...values, amount: '', fund_password: '' });
    },
  });
  const { watch, setValue } = withdraw.form;
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

  return (
    <PageFrame title={t('withdraw.title')}>
      <WithdrawRulesCard rules={rules.data} />
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('withdraw.title')} onSubmit={withdraw.onSubmit} noValidate>
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
      <RecentWithdrawals market={MARKETS[currency] ?? sessionMarket} />
    </PageFrame>
  );
}
