import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router';
import { Button, Card, Field, Money, PageFrame } from 'shared/ui';
import type { DataOf } from 'shared/contract';
import type { Currency } from 'shared/money';
import type { Market } from 'shared/mf';
import { layout, SelectField, type ContractForm } from 'shared/remote-kit';
import { Refusal, useGetFundsBalancesQuery, useHost, useRemoteTranslation } from '#lib';
import { useGetWithdrawCardsQuery } from '../api/get-bank-cards';
import { useGetWithdrawRulesQuery } from '../api/get-withdraw-rules';
import { RecentWithdrawals } from './recent-withdrawals';
import { WithdrawConfirm, WithdrawSubmitted } from './withdraw-dialogs';
import {
  cardLabel,
  useConfirmMode,
  useWithdrawForm,
  type ConfirmMode,
  type Submitted,
  type WithdrawCard,
  type WithdrawValues,
} from './withdraw-form';
import { WithdrawRulesCard } from './withdraw-rules-card';
import styles from './withdraw.module.css';

const MARKETS: Record<string, Market> = { JPY: 'jpy', USD: 'usd', CNY: 'cny' };

type Blocking = DataOf<'withdrawRules'>['blocking'];
type WithdrawForm = ContractForm<WithdrawValues>;

/** The available balance of the chosen currency ("—" until the balances are known). */
function AvailableBalance({ available, currency }: { available: string | undefined; currency: Currency }) {
  const { t } = useRemoteTranslation();
  return (
    <p className={styles.balance}>
      <span>{t('withdraw.available')}</span>
      {available !== undefined ? <Money value={available} currency={currency} /> : <span>—</span>}
    </p>
  );
}

/** Every reason the server would refuse now, each with its way out; the balance under them. */
function WithdrawBlocked({
  blocking,
  available,
  currency,
}: {
  blocking: Blocking;
  available: string | undefined;
  currency: Currency;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Card title={t('withdraw.blocked.title')} className={layout.card}>
      <p className={layout.note}>{t('withdraw.blocked.hint')}</p>
      <ul className={styles.blockers} aria-label={t('withdraw.blocked.title')}>
        {blocking.map((reason) => (
          <li key={reason.key}>
            <Refusal error={{ status: 200, kind: 'business', msg: reason.key, values: reason.values }} />
          </li>
        ))}
      </ul>
      <AvailableBalance available={available} currency={currency} />
    </Card>
  );
}

/** The chosen card (the first bound one until another is chosen), and the card list. */
function useCardChoice(withdraw: WithdrawForm, cards: readonly WithdrawCard[]) {
  const { watch, setValue } = withdraw.form;
  const cardId = watch('card_id');
  useEffect(() => {
    if (cards.length > 0 && !cards.some((c) => String(c.id) === cardId)) setValue('card_id', String(cards[0]!.id));
  }, [cards, cardId, setValue]);
  return { cardId, selectedCard: cards.find((c) => String(c.id) === cardId) };
}

interface CardPickProps {
  withdraw: WithdrawForm;
  /** No card is bound (the list has arrived empty): the way to bind one instead of the select. */
  noCard: boolean;
  cards: readonly WithdrawCard[];
  cardId: string;
  selectedCard: WithdrawCard | undefined;
}

/** The card the money goes to, its holder and branch below; with none bound, the way to bind one. */
function CardPick({ withdraw, noCard, cards, cardId, selectedCard }: CardPickProps) {
  const { t } = useRemoteTranslation();
  if (noCard)
    return (
      <div className={layout.form}>
        <p className={layout.note} role="note">
          {t('withdraw.noCard')}
        </p>
        <Link className="ds-button ds-button--secondary" to="/mine/bankAdd">
          {t('wayOut.bank_card_required.action')}
        </Link>
      </div>
    );
  return (
    <div className={styles.cardPick}>
      <SelectField
        label={t('withdraw.card')}
        {...withdraw.field('card_id')}
        value={cardId}
        options={cards.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
      />
      {selectedCard ? (
        <p className={styles.cardDetail}>{`${selectedCard.holder_name} · ${selectedCard.branch_name}`}</p>
      ) : null}
    </div>
  );
}

interface ConfirmStepProps {
  withdraw: WithdrawForm;
  mode: ConfirmMode;
  hasPasskey: boolean;
  setUsePassword: Dispatch<SetStateAction<boolean>>;
}

/**
 * How the withdrawal is confirmed: with the passkey (and "Use the fund password instead"), or with the fund
 * password (and, for a user with a passkey, the way back to it); the refusal and the submit.
 */
function ConfirmStep({ withdraw, mode, hasPasskey, setUsePassword }: ConfirmStepProps) {
  const { t } = useRemoteTranslation();
  if (mode === 'passkey')
    return (
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
    );
  return (
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
  );
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
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const sessionMarket = host.getSession().market ?? 'jpy';
  const rules = useGetWithdrawRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  const balances = useGetFundsBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const cards = useGetWithdrawCardsQuery(undefined);
  const cardList = useMemo(() => cards.data ?? [], [cards.data]);
  const { hasPasskey, mode, confirmWith, setUsePassword } = useConfirmMode();

  const availableOf = (currency: Currency) =>
    balances.data?.find((b) => b.currency === currency)?.available ?? (balances.data ? '0' : undefined);
  // The minimum of the currency from the server's rules ('1' until they arrive); none: it cannot be withdrawn.
  const minOf = (currency: Currency) => (rules.data ? rules.data.min[currency] : '1');
  const withdraw = useWithdrawForm({ confirmWith, minOf, availableOf, cards: cardList, onSubmitted: setSubmitted });
  const { watch, handleSubmit } = withdraw.form;
  // The form is checked first (schema and rules), then confirmed with its figures; the confirmation sends it.
  const onCheck = handleSubmit(() => setConfirming(true));
  // The dialog closes on the server's answer, whatever it is (a refusal shows under the form).
  const confirm = async () => {
    await withdraw.onSubmit();
    setConfirming(false);
  };
  const blocking = rules.data?.blocking ?? [];
  const currency = watch('currency');
  const { cardId, selectedCard } = useCardChoice(withdraw, cardList);
  const currencies = Object.keys(rules.data?.min ?? { [currency]: '' }) as Currency[];
  const available = availableOf(currency);
  return (
    <PageFrame title={t('withdraw.title')}>
      <WithdrawRulesCard rules={rules.data} />
      {blocking.length > 0 ? <WithdrawBlocked blocking={blocking} available={available} currency={currency} /> : null}
      {blocking.length > 0 ? null : (
        <Card className={layout.card}>
          <form className={layout.form} aria-label={t('withdraw.title')} onSubmit={onCheck} noValidate>
            <SelectField
              label={t('withdraw.currency')}
              {...withdraw.field('currency')}
              value={currency}
              options={currencies.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
            />
            <AvailableBalance available={available} currency={currency} />
            <CardPick
              withdraw={withdraw}
              noCard={Boolean(cards.data) && cardList.length === 0}
              cards={cardList}
              cardId={cardId}
              selectedCard={selectedCard}
            />
            <Field
              label={t('withdraw.amount', { currency })}
              inputMode="decimal"
              autoComplete="off"
              {...withdraw.field('amount')}
            />
            <ConfirmStep withdraw={withdraw} mode={mode} hasPasskey={hasPasskey} setUsePassword={setUsePassword} />
          </form>
        </Card>
      )}
      <RecentWithdrawals market={MARKETS[currency] ?? sessionMarket} />
      <WithdrawConfirm
        open={confirming}
        busy={withdraw.busy}
        amount={watch('amount')}
        currency={currency}
        card={selectedCard}
        arrival={rules.data?.arrival}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
      <WithdrawSubmitted submitted={submitted} arrival={rules.data?.arrival} onClose={() => setSubmitted(null)} />
    </PageFrame>
  );
}
