/**
 * Copy trading for the investor (docs/decisions/0018-copy-trading.md): the catalogue with unit value
 * and past return, a product with holdings and its value history, follow (a ledger hold of the
 * principal that buys units at the next close), the follow orders with daily and total profit, and
 * the copy-trading risk disclosure's acknowledgement (kind copy_trade, modules/risk-disclosure). Values
 * come from the market data (copy-view.ts, nav.ts). The use cases are module-level (copy-reads.ts,
 * follow.ts); this factory wires them.
 */
import type { InputOf } from '../../contract-input';
import type { CopyContext } from './copy-context';
import { followOrders, listCatalogue, productInfo } from './copy-reads';
import { follow } from './follow';

export type { CopyContext } from './copy-context';
export { productsWire } from './copy-reads';

export function createCopyService(deps: CopyContext) {
  return {
    list: (input: InputOf<'copyList'>) => listCatalogue(deps, input),

    info: (userId: bigint, input: InputOf<'copyInfo'>) => productInfo(deps, userId, input),

    follow: (userId: bigint, input: InputOf<'copyFollow'>, key: string | undefined) => follow(deps, userId, input, key),

    /** /copy/orders and /trade/userproductlist (spec §7): the reader's follow orders of one market. */
    orders: (
      userId: bigint,
      input: { type: InputOf<'copyOrders'>['type']; tab?: InputOf<'copyOrders'>['tab']; lang?: string },
    ) => followOrders(deps, userId, input),
  };
}

export type CopyService = ReturnType<typeof createCopyService>;
