import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, Card, Field, Money, PageFrame } from 'shared/ui';
import { MARKET_CURRENCY, type Currency } from 'shared/money';
import type { Market } from 'shared/mf';
import { layout, SelectField } from 'shared/remote-kit';
import {
  Refusal,
  apiErrorOf,
  fieldRefusal,
  useGetFundsBalancesQuery,
  useHost,
  useIdempotencyKey,
  useRemoteTranslation,
} from '#lib';
import { useGetWithdrawCardsQuery } from '../api/get-bank-cards';
import { useGetWithdrawRulesQuery } from '../api/get-withdraw-rules';
import { useSubmitWithdrawalMutation } from '../api/submit-withdrawal';
import { validateWithdraw } from '../model/withdraw-rules';
import { RecentWithdrawals } from './recent-withdrawals';
import { WithdrawRulesCard } from './withdraw-rules-card';
import styles from './withdraw.module.css';

const FIELDS = ['amount', 'card_id', 'fund_password', 'currency'] as const;
const MARKETS: Record<string, Market> = { JPY: 'jpy', USD: 'usd', CNY: 'cny' };

/** A card as the select shows it at phone width: "Bank · ****1234" (holder and branch below the select). */
const cardLabel = (card: { bank_name: string; card_number_masked: string }) =>
  `${card.bank_name} · ****${card.card_number_masked.slice(-4)}`;

/** /mine/withdraw: the server's rules, the available balance, a bound card, amount and fund password; recent withdrawals. */
export function WithdrawScreen() {
  const { t } = useRemoteTranslation();
  const host = useHost();
  const sessionMarket = host.getSession().market ?? 'jpy';
  const rules = useGetWithdrawRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  const balances = useGetFundsBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const cards = useGetWithdrawCardsQuery();
  const [submit, result] = useSubmitWithdrawalMutation();
  const key = useIdempotencyKey();
  const [currency, setCurrency] = useState<Currency>(MARKET_CURRENCY[sessionMarket]);
  const [cardId, setCardId] = useState('');
  const [amount, setAmount] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const currencies = Object.keys(rules.data?.min ?? { [currency]: '' }) as Currency[];
  const cardList = useMemo(() => cards.data ?? [], [cards.data]);
  useEffect(() => {
    if (cardList.length > 0 && !cardList.some((c) => String(c.id) === cardId)) setCardId(String(cardList[0]!.id));
  }, [cardList, cardId]);
  const selectedCard = cardList.find((c) => String(c.id) === cardId);

  const available = balances.data?.find((b) => b.currency === currency)?.available ?? (balances.data ? '0' : undefined);
  const errors = validateWithdraw({
    amount,
    currency,
    cardId,
    fundPassword,
    min: rules.data ? rules.data.min[currency] : '1',
    available,
  });
  const refusal = apiErrorOf(result.error);
  const shown = (field: (typeof FIELDS)[number]) => {
    const local = submitted ? errors[field] : undefined;
    if (local) return t(`msg:${local.key}`, local.values ?? {});
    return fieldRefusal(refusal, field, t);
  };
  const change = (apply: () => void) => {
    apply();
    key.renew();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || result.isLoading) return;
    const answer = await submit({
      body: { amount: amount.trim(), currency, card_id: Number(cardId), fund_password: fundPassword },
      idempotencyKey: key.current(),
    });
    if ('data' in answer) {
      key.renew();
      host.toast('withdraw_success', { ns: 'msg' });
      setAmount('');
      setFundPassword('');
      setSubmitted(false);
    }
  };

  return (
    <PageFrame title={t('withdraw.title')}>
      <WithdrawRulesCard rules={rules.data} />
      <Card className={layout.card}>
        <form className={layout.form} aria-label={t('withdraw.title')} onSubmit={onSubmit} noValidate>
          <SelectField
            label={t('withdraw.currency')}
            value={currency}
            options={currencies.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
            onChange={(e) => change(() => setCurrency(e.target.value as Currency))}
            error={shown('currency')}
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
                value={cardId}
                options={cardList.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
                onChange={(e) => change(() => setCardId(e.target.value))}
                error={shown('card_id')}
              />
              {selectedCard ? (
                <p className={styles.cardDetail}>{`${selectedCard.holder_name} · ${selectedCard.branch_name}`}</p>
              ) : null}
            </div>
          )}
          <Field
            label={t('withdraw.amount', { currency })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => change(() => setAmount(e.target.value))}
            error={shown('amount')}
          />
          <Field
            label={t('withdraw.fundPassword')}
            name="fund_password"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={fundPassword}
            onChange={(e) => setFundPassword(e.target.value)}
            error={shown('fund_password')}
          />
          <Refusal error={refusal} fields={FIELDS} />
          <Button type="submit" block busy={result.isLoading}>
            {t('withdraw.submit')}
          </Button>
        </form>
      </Card>
      <RecentWithdrawals market={MARKETS[currency] ?? sessionMarket} />
    </PageFrame>
  );
}
