/** Data access for site config (name, value). */
import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { siteConfig } from '../../db/schema';

export interface ConfigEntry {
  name: string;
  value: string;
}

export async function listPublicConfig(tx: Tx, name?: string): Promise<ConfigEntry[]> {
  const where = name ? and(eq(siteConfig.public, true), eq(siteConfig.name, name)) : eq(siteConfig.public, true);
  return tx
    .select({ name: siteConfig.name, value: siteConfig.value })
    .from(siteConfig)
    .where(where)
    .orderBy(asc(siteConfig.name));
}

export async function getConfigValue(tx: Tx, name: string): Promise<string | undefined> {
  const rows = await tx.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.name, name)).limit(1);
  return rows[0]?.value;
}

/** Back-office and test helper. */
export async function setConfigValue(tx: Tx, name: string, value: string): Promise<void> {
  await tx
    .insert(siteConfig)
    .values({ name, value })
    .onConflictDoUpdate({ target: siteConfig.name, set: { value, updatedAt: new Date() } });
}

/** The entries named in `names` and those whose name is LIKE `pattern` (e.g. 'withdraw_min_%'). */
export async function readConfigEntries(tx: Tx, names: readonly string[], pattern: string): Promise<ConfigEntry[]> {
  return tx
    .select({ name: siteConfig.name, value: siteConfig.value })
    .from(siteConfig)
    .where(or(inArray(siteConfig.name, [...names]), like(siteConfig.name, pattern)));
}
