/**
 * Standalone start of this remote (`npm run dev -w mf-account`): the shared dev host gives it what the
 * shell gives (store, i18n, axios against /api/vue, tokens and ds.css). Production builds publish only
 * `./register`; the shell composes it at run time.
 */
import { startDevHost } from 'shared/dev-host';
import { register } from './expose/register';

void startDevHost(register);
