/**
 * The back office's catalogues and settings (issue 14): what operators manage (new-share issues, block listings,
 * copy-trading products, exchange rates, site config, news). Each names its route and the endpoint whose
 * permission shows it in the navigation (none: read from a public endpoint, so every role sees it). The screens
 * describe their columns and forms themselves (features/catalogues).
 */
import type { AdminEndpointName } from 'shared/contract';

export const CATALOGUE_IDS = ['newShares', 'blockListings', 'copyProducts', 'rates', 'config', 'news'] as const;
export type CatalogueId = (typeof CATALOGUE_IDS)[number];

export interface CatalogueRoute {
  id: CatalogueId;
  path: string;
  /** The list endpoint the operator must be allowed (omitted: the list is read from a public endpoint). */
  readWith?: AdminEndpointName;
}

export const CATALOGUE_ROUTES: Record<CatalogueId, CatalogueRoute> = {
  newShares: { id: 'newShares', path: '/admin/newShares', readWith: 'adminNewShares' },
  blockListings: { id: 'blockListings', path: '/admin/blockListings', readWith: 'adminBlockListings' },
  copyProducts: { id: 'copyProducts', path: '/admin/copyProducts', readWith: 'adminCopyProducts' },
  rates: { id: 'rates', path: '/admin/rates' },
  config: { id: 'config', path: '/admin/config' },
  news: { id: 'news', path: '/admin/news' },
};
