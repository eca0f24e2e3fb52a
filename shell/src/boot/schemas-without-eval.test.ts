import { config } from 'zod';

describe('schemas without eval (CSP: no unsafe-eval)', () => {
  it('the boot sets zod jitless for every bundle (on globalThis) before any schema parses', async () => {
    expect(config().jitless).not.toBe(true);
    await import('./boot');
    expect(config().jitless).toBe(true);
    expect((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless).toBe(true);
  });
});
