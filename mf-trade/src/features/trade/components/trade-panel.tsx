import { useEffect, useRef, useState } from 'react';
import type { WithMessage } from 'shared/api';
import type { Quote, TradePosition } from 'shared/contract';
import type { Market } from 'shared/mf';
import { Button } from 'shared/ui';
import { Sheet, useRemoteTranslation } from '#lib';
import type { PricePicks, QuoteSource } from '#lib/live';
import type { Side } from '../model/order-form';
import { SIDE_STYLE } from '../model/side-style';
import { OrderResultSheet, type PlacedOrder } from './order-result-sheet';
import { TradeForm } from './trade-form';
import styles from './trade-bar.module.css';

export interface TradePanelProps {
  code: string;
  market: Market;
  /** The quote when the composing screen has one (else the form polls /stock/detail). */
  quote?: Quote;
  /**
   * The live quote as a store (the stock detail's): preferred over `quote`. A tick then re-renders
   * only the market price, the estimate and an open confirmation, never the form or its checks.
   */
  source?: QuoteSource;
  /** Prices picked elsewhere on the page (a level of the order book): each opens the form at that limit. */
  picks?: PricePicks;
}

interface Opened {
  side: Side;
  price?: string;
}

/**
 * The stock page's trading: a Buy long / Sell short bar (the ticket's words and up/down colours: side-style.ts)
 * fixed above the shell's bottom menu (a spacer keeps the end of the page clear of it) whose buttons open the trade
 * form in a bottom sheet, preset to the side tapped. A level picked in the order book opens it as a limit order at
 * that price. On success the sheet closes and a result sheet shows the server's message and what it answered (price,
 * order number, what was frozen, and where to see it), saying too, while the market is closed or at lunch, that the
 * order waits for the open (the market's clock).
 * A refusal stays in the sheet, under its field or above the button.
 */
export function TradePanel({ picks, ...form }: TradePanelProps) {
  const { t } = useRemoteTranslation();
  const [opened, setOpened] = useState<Opened | null>(null);
  const isOpen = useRef(false);
  isOpen.current = opened !== null;

  // A picked level opens the form at that price (once open, the form takes the picks itself).
  useEffect(
    () =>
      picks?.subscribe((price) => {
        if (!isOpen.current) setOpened({ side: 'long', price });
      }),
    [picks],
  );

  // The result sheet of the order just placed (issue 35): the server's message and answer, not a toast.
  const [placed, setPlaced] = useState<PlacedOrder>();
  const onPlaced = (answer: WithMessage<TradePosition>, nextOpen: string | null, stock: string) => {
    setOpened(null);
    setPlaced({ answer, stock, nextOpen });
  };

  return (
    <>
      <div className={styles.space} aria-hidden="true" />
      <div className={styles.bar} role="group" aria-label={t('trade.title')}>
        {(['long', 'short'] as const).map((side) => (
          <Button key={side} variant={SIDE_STYLE[side].tone} onClick={() => setOpened({ side })}>
            {t(SIDE_STYLE[side].label)}
          </Button>
        ))}
      </div>
      {opened ? (
        <Sheet title={t('trade.title')} onClose={() => setOpened(null)}>
          <TradeForm {...form} picks={picks} side={opened.side} price={opened.price} onPlaced={onPlaced} />
        </Sheet>
      ) : null}
      <OrderResultSheet placed={placed} market={form.market} onClose={() => setPlaced(undefined)} />
    </>
  );
}
