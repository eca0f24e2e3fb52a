import { useMemo, useRef, useState, type RefObject } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { ACCOUNT_CURRENCY, MINOR_UNITS, parseDecimal, type Currency } from 'shared/money';
import type { BodyOf } from 'shared/api';
import { useContractForm, type FormFieldError, type FormSchema } from 'shared/remote-kit';
import { NAMESPACE } from '#lib';
import { useSubmitWithdrawalMutation } from '../api/submit-withdrawal';
import { usePasskeyWithdrawOptionsMutation } from '../api/passkey-withdraw-options';
import { useGetWithdrawPasskeysQuery } from '../api/get-passkeys';
import { PASSKEY_PENDING, passkeyAssertion } from '../model/passkey-confirm';
import { amountText } from '../model/withdraw-rules';

export interface WithdrawValues {
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

export type WithdrawCard = DataOf<'banks'>[number];

/** A card as the select shows it at phone width: "Bank · ****1234" (holder and branch below the select). */
export const cardLabel = (card: { bank_name: string; card_number_masked: string }) =>
  `${card.bank_name} · ****${card.card_number_masked.slice(-4)}`;

/** What the server answered for a submitted withdrawal, with what was sent (for the result sheet). */
export interface Submitted {
  orderNo: string;
  amount: string;
  currency: Currency;
  card: string;
}

export type ConfirmMode = 'passkey' | 'password';

/**
 * How this withdrawal is confirmed: the passkey first when the user has a usable one (and the browser can use it),
 * else (or on request) the fund password. `confirmWith` holds the mode for the submission under way.
 */
export function useConfirmMode() {
  const webAuthn = useMemo(() => browserSupportsWebAuthn(), []);
  const passkeyList = useGetWithdrawPasskeysQuery({}, { skip: !webAuthn, refetchOnMountOrArgChange: true });
  const hasPasskey = webAuthn && (passkeyList.data?.list ?? []).some((p) => !p.suspended);
  const [usePassword, setUsePassword] = useState(false);
  const mode: ConfirmMode = hasPasskey && !usePassword ? 'passkey' : 'password';
  const confirmWith = useRef(mode);
  confirmWith.current = mode;
  return { hasPasskey, mode, confirmWith, setUsePassword };
}

interface WithdrawFormDeps {
  confirmWith: RefObject<ConfirmMode>;
  /** The minimum of a currency; none: it cannot be withdrawn. */
  minOf: (currency: Currency) => string | undefined;
  /** The available balance of a currency, once the balances are known. */
  availableOf: (currency: Currency) => string | undefined;
  cards: readonly WithdrawCard[];
  onSubmitted: (submitted: Submitted) => void;
}

/**
 * The withdrawal form: the minimum, the minor unit and the balance checked as the server does; sent with the fund
 * password, or with a passkey assertion bound to this withdrawal (its options first, then the browser's prompt).
 * What the server answered goes to `onSubmitted`, and the amount and password are cleared.
 */
export function useWithdrawForm({ confirmWith, minOf, availableOf, cards, onSubmitted }: WithdrawFormDeps) {
  const [submit] = useSubmitWithdrawalMutation();
  const [passkeyOptions] = usePasskeyWithdrawOptionsMutation();
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
      const card = cards.find((c) => String(c.id) === values.card_id);
      onSubmitted({
        orderNo: answer?.order_no ?? '',
        amount: values.amount.trim(),
        currency: values.currency,
        card: card ? cardLabel(card) : '',
      });
      withdraw.form.reset({ ...values, amount: '', fund_password: '' });
    },
  });
  return withdraw;
}
