import { useId, useMemo } from 'react';
import type { WithMessage } from 'shared/api';
import type { Quote, TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Button } from 'shared/ui';
import { RiskDisclosureDialog } from 'shared/remote-kit';
import { Refusal, useHost, useRemoteTranslation } from '#lib';
import type { PricePicks, QuoteSource } from '#lib/live';
import { checkFields, type Side } from '../model/order-form';
import { SIDE_STYLE } from '../model/side-style';
import { BalanceWayOut, Estimate, LiveConfirmDialog } from './order-figures';
import { ClosedNote, ConfigFailed } from './order-notes';
import { FeeRate, OrderFields, TradeStatus } from './trade-form-fields';
import { useDraft, useDraftDefaults, useFieldErrors, useOrderForm, useTradeMarket } from './use-trade-form';
import styles from './trade-panel.module.css';

export { pricesWithCurrency } from './use-trade-form';

export interface TradeFormProps {
  code: string;
  market: Market;
  /** The quote when the composing screen has one (else the form polls /stock/detail). */
  quote?: Quote;
  /** The live quote as a store (the stock detail's): preferred over `quote`. */
  source?: QuoteSource;
  /** Prices picked elsewhere on the page (a level of the order book): each becomes the limit price. */
  picks?: PricePicks;
  /** The side the form opens with (the bar's Buy or Sell). */
  side?: Side;
  /** A limit price the form opens with (a level picked in the order book). */
  price?: string;
  /**
   * After the server accepted the order: its answer with the server's message, when the market opens next and the
   * stock as the form names it ("Name (code)", the reader's language), for the result sheet.
   */
  onPlaced?: (placed: WithMessage<TradePosition>, nextOpen: string | null, stock: string) => void;
}

/**
 * The trade form of spec §2 and issue 13: order type (normal, stop, OCO), limit or market, buy long or sell short,
 * trigger, quantity, leverage (from /trade/config), validity, optional take-profit / stop-loss, fee, margin, total
 * and available balance. One useContractForm over /trade/order: the contract's schema and the screen's rules
 * (today's limits, the allowed leverages, the advanced side checks, the available balance at the last price) are
 * checked on submit, everything is confirmed, the leverage disclosure is asked first when the config says it is not
 * acknowledged (leverage > 1 or short), and the confirmation sends the order with the submission's Idempotency-Key; a
 * server that still asks for the disclosure opens it, and once accepted the same order is sent again (the form's
 * risk gate, useContractForm `riskKind`). Outside hours the order is accepted and
 * waits for the open (the note says when). The last price is read from the quote source when checking.
 */
export function TradeForm(props: TradeFormProps) {
  const { code, market, picks } = props;
  const { t } = useRemoteTranslation();
  const language = useHost().getSession().language;
  const live = useTradeMarket(props, language);
  const { config, source, quote, currency, status, nextOpen, open } = live;
  const { order, confirming, onSubmit, onConfirm, onCancel } = useOrderForm(props, live, language);
  const { form } = order;
  const closedNoteId = useId();
  const draft = useDraft(form.control);
  const leverages = useDraftDefaults(form, draft, picks, config.data);
  const { choose, typed, leverageError } = useFieldErrors(order, currency, config.data);

  // The estimate's checks run when the draft, the limits or the config change, never on a tick.
  const fields = useMemo(
    () => checkFields(draft, code, market, quote, config.data),
    [draft, code, market, quote, config.data],
  );
  const closed = !open && status ? status : undefined;

  return (
    <>
      <form className={styles.form} aria-label={t('trade.title')} onSubmit={onSubmit} noValidate>
        <TradeStatus status={status} open={open} simulated={live.simulated} />
        {closed ? <ClosedNote id={closedNoteId} status={closed} nextOpen={nextOpen} market={market} /> : null}
        <OrderFields
          draft={draft}
          market={live}
          leverages={leverages}
          leverageError={leverageError}
          typed={typed}
          choose={choose}
        />
        <Estimate
          source={source}
          draft={draft}
          fields={fields}
          currency={currency}
          config={config.data}
          loading={config.isLoading}
          open={open}
        />
        <FeeRate config={config.data} />
        {form.formState.isSubmitted ? (
          <BalanceWayOut source={source} draft={draft} fields={fields} currency={currency} config={config.data} />
        ) : null}
        <Refusal error={order.refusal} market={market} />
        {config.isError ? <ConfigFailed onRetry={() => config.refetch()} /> : null}
        <Button
          type="submit"
          block
          variant={SIDE_STYLE[draft.side].tone}
          busy={order.busy}
          disabled={!config.data || !quote}
          aria-describedby={closed ? closedNoteId : undefined}
        >
          {t(SIDE_STYLE[draft.side].submit)}
        </Button>
      </form>
      <RiskDisclosureDialog {...order.risk} language={language} refusal={Refusal} />
      <LiveConfirmDialog
        source={source}
        fields={fields}
        config={config.data}
        open={confirming}
        busy={order.busy}
        code={code}
        market={market}
        name={quote?.name}
        draft={draft}
        currency={currency}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  );
}
