import { useEffect, useState } from 'react';
import { parseDecimal, type Currency } from 'shared/money';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { useContractForm } from 'shared/remote-kit';
import { NAMESPACE, useGetFundsBalancesQuery, useHost, useRemoteTranslation } from '#lib';
import { useGetExchangeRatesQuery } from '../api/get-rates';
import { useSubmitExchangeMutation } from '../api/submit-exchange';
import { exchangeRules, naturalRate, quoteExchange, validateExchange } from '../model/exchange';

/** Rates are refreshed while the screen is open; the server re-reads its own rate when it books. */
const RATE_POLL_MS = 30_000;

interface ExchangeValues {
  from: Currency;
  to: Currency;
  amount: string;
}

/** "1 USD = 150.12 JPY", never "1 JPY = 0.00666667 USD": the higher-valued currency is quoted as 1. */
export function useRateText() {
  const { t } = useRemoteTranslation();
  return (from: string, to: string, rate: string) => {
    const natural = naturalRate(from, to, rate);
    return t('exchange.rateValue', { from: natural.base, to: natural.quote, rate: natural.rate });
  };
}

/** The exchange form's wiring: rates, balances, the contract form, the quote and the confirm step. */
export function useExchangeForm() {
  const host = useHost();
  const rates = useGetExchangeRatesQuery(undefined, { pollingInterval: RATE_POLL_MS });
  const balances = useGetFundsBalancesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [submit] = useSubmitExchangeMutation();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<DataOf<'exchange'> | null>(null);
  const balanceOf = (c: Currency) =>
    balances.data?.find((b) => b.currency === c)?.available ?? (balances.data ? '0' : undefined);

  const exchange = useContractForm<ExchangeValues>({
    endpoint: ENDPOINTS.exchange,
    namespace: NAMESPACE,
    defaultValues: { from: 'JPY', to: 'USD', amount: '' },
    toBody: (values) => ({ ...values, amount: values.amount.trim() }),
    rules: (values) => {
      const own = exchangeRules(values);
      const value = parseDecimal(values.amount.trim());
      const available = balanceOf(values.from);
      const over = value && available !== undefined && value.gt(available);
      const amount = own.amount ?? (over ? 'insufficient_balance' : undefined);
      return { to: own.to ? { key: own.to } : undefined, amount: amount ? { key: amount } : undefined };
    },
    send: (body, idempotencyKey) => submit({ body, idempotencyKey }),
    onSuccess: (data, values) => {
      host.toast('exchange_success', { ns: 'msg' });
      exchange.form.reset({ ...values, amount: '' });
      setDone((data as DataOf<'exchange'> | null) ?? null);
    },
  });
  const { watch, setValue, formState, handleSubmit } = exchange.form;
  const { from, to, amount } = watch();
  // A changed request hides the result of the previous one.
  useEffect(() => {
    const subscription = watch(() => setDone(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const errors = validateExchange({ from, to, amount });
  const pair = rates.data?.find((r) => r.from === from && r.to === to);
  const value = parseDecimal(amount.trim());
  const quote =
    pair && value && !errors.amount && from !== to ? quoteExchange(value, to, pair.rate, pair.spread) : undefined;
  const swap = () => {
    const validate = { shouldValidate: formState.isSubmitted };
    setValue('from', to, validate);
    setValue('to', from, validate);
  };
  // The form is checked first (schema and rules), then confirmed; the confirmation sends it.
  const onCheck = handleSubmit(() => {
    if (pair) setConfirming(true);
  });
  // The dialog closes on the server's answer, whatever it is.
  const confirm = async () => {
    await exchange.onSubmit();
    setConfirming(false);
  };
  const cancel = () => setConfirming(false);
  return { exchange, rates, balanceOf, from, to, pair, value, quote, swap, onCheck, confirming, confirm, cancel, done };
}

export type ExchangeFormState = ReturnType<typeof useExchangeForm>;
