/**
 * Standalone entry of mf_trade (`npm run dev -w mf-trade`), never built for production: the shell
 * loads `./register` through Module Federation instead.
 */
import { startDevHost } from 'shared/dev-host';
import { register } from './expose/register';

void startDevHost(register);
