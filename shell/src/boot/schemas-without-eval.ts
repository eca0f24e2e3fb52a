/**
 * zod compiles its object parsers with `new Function` unless `jitless` is set, and probes for it with a caught
 * `new Function('')`: under the Content-Security-Policy (no 'unsafe-eval',
 * docs/decisions/0033-content-security-policy.md) that probe alone is a violation report. zod keeps this config on
 * globalThis (`__zod_globalConfig`, adopted by every zod when it loads), so it holds for the zod of every remote's
 * bundle too; the shell sets it before any schema parses (the boot imports this first). Set on globalThis
 * directly, not through zod's `config()`: importing zod here would put it in the first chunk, in front of the
 * first paint (first-chunk.test.ts).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
