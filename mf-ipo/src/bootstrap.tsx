/**
 * Standalone entry of mf_ipo (`npm run dev -w mf-ipo`), never built for production: the shell
 * loads `./register` through Module Federation instead.
 */
import { startDevHost } from 'shared/dev-host';
import { register } from './expose/register';

void startDevHost(register);
