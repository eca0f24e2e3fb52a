/**
 * The back office's copy-trading calls: list every product, create one (names, issuer, strategy text,
 * holdings of listed codes with weights summing to 1, lock-up, minimum, capacity, deadline; its base
 * date is the last trading day before creation) and take one off the shelf (no new follows; active
 * ones run to the end of their lock-up). Every call is audited. Nothing here types a return, a unit
 * value or a profit: those come from the market data (nav.ts). The use cases are copy-product-admin.ts;
 * this factory wires them.
 */
import type { InputOf } from '../../contract-input';
import type { CopyAdminContext } from './copy-context';
import { createProduct, listAllProducts, takeProductOffShelf } from './copy-product-admin';

export type { CopyAdminContext } from './copy-context';

export function createCopyAdmin(deps: CopyAdminContext) {
  return {
    list: (input: InputOf<'adminCopyProducts'>) => listAllProducts(deps, input),

    create: (actorId: bigint, input: InputOf<'adminCopyProductCreate'>) => createProduct(deps, actorId, input),

    offShelf: (actorId: bigint, input: InputOf<'adminCopyProductOffShelf'>) =>
      takeProductOffShelf(deps, actorId, input),
  };
}

export type CopyAdmin = ReturnType<typeof createCopyAdmin>;
