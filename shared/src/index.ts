export * from './money';
export * from './routes';
export * from './messages';
export * from './assets';
export * from './lottery';
