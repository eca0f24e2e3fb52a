export * from './common';
export * from './config';
export * from './user';
export * from './assets';
export * from './endpoints';
export * from './profile';
export * from './funds';
export * from './admin';
