/**
 * Standalone entry of mf_copytrade (`npm run dev -w mf-copytrade`), never built for production: the shell
 * loads `./register` through Module Federation instead.
 */
import { startDevHost } from 'shared/dev-host';
import { register } from './expose/register';

void startDevHost(register);
