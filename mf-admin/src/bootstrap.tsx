/**
 * Standalone entry of mf_admin (`npm run dev -w mf-admin`), never built for production: the shell
 * loads `./register` through Module Federation instead.
 */
import { startDevHost } from 'shared/dev-host';
import { register } from './expose/register';

void startDevHost(register);
