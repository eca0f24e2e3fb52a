/**
 * Standalone start of this remote (`npm run dev -w mf-account`). Production builds only publish
 * `./register`; the shell composes it at run time.
 *
 * TODO(dev-host): once shared exposes `startDevHost` at 'shared/dev-host', start it here:
 *   import { startDevHost } from 'shared/dev-host';
 *   import { register } from './expose/register';
 *   void startDevHost(register);
 */
export {};
