/**
 * The API contract: primitives (common.ts), the endpoint table (endpoints.ts) with each URL area's
 * endpoints and schemas (areas/), and the quote stream (stream.ts).
 */
export * from './common';
export * from './endpoints';
export * from './areas/common';
export * from './areas/user';
export * from './areas/user-bank';
export * from './areas/user-assets';
export * from './areas/funds';
export * from './areas/trade';
export * from './areas/trade-holdings';
export * from './areas/trade-orders';
export * from './areas/trade-preview';
export * from './areas/trade-order-fields';
export * from './areas/stock';
export * from './areas/news';
export * from './admin-roles';
export * from './areas/admin';
export * from './areas/block';
export * from './areas/ipo';
export * from './areas/ipo-admin';
export * from './areas/admin-users';
export * from './areas/copy';
export * from './areas/daytrade';
export * from './areas/alerts';
export * from './areas/lending';
export * from './areas/security';
export * from './stream';
