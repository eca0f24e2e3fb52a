/**
 * Drizzle table definitions mirroring migrations/*.sql (the SQL files are the source of truth;
 * these give typed queries). Money columns are numeric and surface as strings; ids are bigint.
 */
export * from './tables/accounts';
export * from './tables/money';
export * from './tables/trading';
export * from './tables/block';
export * from './tables/ipo';
export * from './tables/copy';
export * from './tables/risk';
export * from './tables/daytrade';
export * from './tables/alerts';
export * from './tables/lending';
export * from './tables/security';
