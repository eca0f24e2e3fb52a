import '#testing';
import { ROUTE_OWNERS } from 'shared/routes';
import { createMiniHost } from 'shared/test-utils';
import { I18N_LANGS } from 'shared/messages';
import { register } from './register';
import pkg from '../../package.json';

describe('mf_ipo register', () => {
  it('returns exactly the routes mf_ipo owns, each lazy with the remote error view', async () => {
    const { ctx } = createMiniHost();
    const registration = await register(ctx);
    expect(registration.name).toBe('mf_ipo');
    expect(registration.namespace).toBe('mf_ipo');
    expect(registration.build).toBe(pkg.version);
    expect(registration.routes.map((r) => r.path).sort()).toEqual([...ROUTE_OWNERS.mf_ipo].sort());
    for (const route of registration.routes) {
      expect(route.path?.startsWith('/')).toBe(true);
      expect(typeof route.lazy).toBe('function');
      expect(route.errorElement).toBeTruthy();
    }
  });

  it('adds its i18n namespace in zh-CN, en and ja', async () => {
    const { ctx, i18n } = createMiniHost();
    await register(ctx);
    for (const lang of I18N_LANGS) expect(i18n.hasResourceBundle(lang, 'mf_ipo')).toBe(true);
    expect(i18n.getFixedT('en', 'mf_ipo')('error.retry')).toBe('Try again');
  });

  it('loads every screen chunk', async () => {
    const { ctx } = createMiniHost();
    const registration = await register(ctx);
    for (const route of registration.routes) {
      const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
      expect(typeof loaded.Component).toBe('function');
    }
  });
});
