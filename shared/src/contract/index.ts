export * from './common';
export * from './config';
export * from './user';
export * from './assets';
export * from './endpoints';
