/**
 * One catalogue entry: its text in each UI language (zh-CN is the default). A text that counts shares has English's
 * singular too: `en` is the plural ("{{quantity}} shares"), `en_one` the text for exactly one ("{{quantity}} share"),
 * and `countedBy` names the placeholder whose value chooses (zh-CN and ja have one form).
 */
export type CatalogueEntry = Record<'zh-CN' | 'en' | 'ja', string> & { en_one?: string; countedBy?: string };
/** A part of the catalogue, by area. */
export type CatalogueEntries = Record<string, CatalogueEntry>;
