import '../testing/polyfills';
import { createMiniHost } from 'shared/test-utils';
import { ROUTE_OWNERS } from 'shared/routes';
import { register } from './register';
import { namespaceReady } from '../app/i18n';

describe('register', () => {
  it('returns one lazy route with an error element per path the route table gives mf_account', async () => {
    const host = createMiniHost({ session: { language: 'us' } });
    const registration = await register(host.ctx);

    expect(registration).toMatchObject({ name: 'mf_account', namespace: 'mf_account' });
    expect(registration.build).toEqual(expect.any(String));
    expect(registration.build).not.toBe('');
    expect(registration.routes.map((r) => r.path)).toEqual([...ROUTE_OWNERS.mf_account]);
    for (const route of registration.routes) {
      expect(route.path?.startsWith('/')).toBe(true);
      expect(typeof route.lazy).toBe('function');
      expect(route.errorElement).toBeTruthy();
    }
  });

  it('adds the mf_account namespace in the active language only', async () => {
    const host = createMiniHost({ session: { language: 'jp' } });
    await register(host.ctx);
    await namespaceReady();

    expect(host.i18n.hasResourceBundle('ja', 'mf_account')).toBe(true);
    expect(host.i18n.t('mf_account:mine.title')).toBe('マイページ');
    expect(host.i18n.hasResourceBundle('en', 'mf_account')).toBe(false);
  });

  it('adds the namespace of a language the host switches to later', async () => {
    const host = createMiniHost({ session: { language: 'cn' } });
    await register(host.ctx);
    await host.i18n.changeLanguage('en');
    await namespaceReady();

    expect(host.i18n.t('mf_account:mine.title')).toBe('Mine');
  });

  it('loads every screen of the route table', async () => {
    const host = createMiniHost({ session: { language: 'us' } });
    const registration = await register(host.ctx);
    for (const route of registration.routes) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component).toBe('function');
    }
  });
});
