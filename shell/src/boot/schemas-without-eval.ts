/**
 * zod compiles its object parsers with `new Function` unless `jitless` is set, and probes for it with a caught
 * `new Function('')`: under the Content-Security-Policy (no 'unsafe-eval',
 * docs/decisions/0033-content-security-policy.md) that probe alone is a violation report. zod keeps this config on
 * globalThis (`__zod_globalConfig`), so it holds for the zod of every remote's bundle too; the shell sets it before
 * any schema parses (the boot imports this first).
 */
import { config } from 'zod';

config({ jitless: true });
