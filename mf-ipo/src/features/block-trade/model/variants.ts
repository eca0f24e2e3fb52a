/**
 * The block-trade screens. Spec §1/§2 name block trades with a dividend/financing variant and an
 * application list; each route gets one clear purpose (keys under `variant.<name>.`).
 */
export const BLOCK_VARIANTS = ['quant', 'dividend', 'financing', 'applications'] as const;
export type BlockVariant = (typeof BLOCK_VARIANTS)[number];

/** Tabs of /home/large (spec §2). */
export const BLOCK_TABS = ['stocks', 'applications'] as const;
export type BlockTab = (typeof BLOCK_TABS)[number];
