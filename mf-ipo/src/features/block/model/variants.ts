import type { BLOCK_VARIANTS } from 'shared/contract';

/** A kind of block listing in the contract: standard, dividend, financing (docs/decisions/0017-block-trades.md). */
export type BlockKind = (typeof BLOCK_VARIANTS)[number];

/** Tabs of /home/large (spec §2): the standard listings and the user's applications to them. */
export const BLOCK_TABS = ['stocks', 'applications'] as const;
export type BlockTab = (typeof BLOCK_TABS)[number];

/** The application list of /home/large4: every application of the dividend and financing kinds. */
export const VARIANT_KINDS = ['dividend', 'financing'] as const satisfies readonly BlockKind[];

/** Where each kind's listings are: /home/large the standard ones, the variant routes the others. */
export const KIND_ROUTE: Readonly<Record<BlockKind, string>> = {
  standard: '/home/large',
  dividend: '/home/large2',
  financing: '/home/large3',
};

/** The detail of a listing (`/home/largeInfo?id=`) and of an application (`/home/large4?id=`). */
export const listingPath = (id: number) => `/home/largeInfo?id=${id}`;
export const applicationPath = (id: number) => `/home/large4?id=${id}`;
