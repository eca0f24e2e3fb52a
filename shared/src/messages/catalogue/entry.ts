/** One catalogue entry: its text in each UI language (zh-CN is the default). */
export type CatalogueEntry = Record<'zh-CN' | 'en' | 'ja', string>;
/** A part of the catalogue, by area. */
export type CatalogueEntries = Record<string, CatalogueEntry>;
