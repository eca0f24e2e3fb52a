import type { CatalogueId } from '#lib';
import type { CatalogueDescription } from './catalogue-types';
import { BLOCK_LISTINGS, COPY_PRODUCTS, NEW_SHARES } from './market-catalogues';
import { CONFIG, NEWS, RATES } from './setting-catalogues';

/** Every catalogue screen's description, by the id of its route (lib CATALOGUE_ROUTES). */
export const CATALOGUES: Record<CatalogueId, CatalogueDescription> = {
  newShares: NEW_SHARES,
  blockListings: BLOCK_LISTINGS,
  copyProducts: COPY_PRODUCTS,
  rates: RATES,
  config: CONFIG,
  news: NEWS,
};
