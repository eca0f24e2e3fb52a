/**
 * Standalone entry of mf_copytrade (`npm run dev -w mf-copytrade`), never built for production: the shell
 * loads `./register` through Module Federation instead.
 */
import { register } from './expose/register';

// TODO(dev-host): call `startDevHost(register)` from 'shared/dev-host' once the colleague's dev
// host lands; it mounts the routes in a mini host (store, i18n, axios to /api/vue) with ds.css.
void register;
