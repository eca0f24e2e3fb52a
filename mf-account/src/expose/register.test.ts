import { createMiniHost } from 'shared/test-utils';
import { expectRegistration, expectScreensLoad } from 'shared/remote-kit/testing';
import { ROUTE_OWNERS } from 'shared/routes';
import { register } from './register';
import { namespaceReady } from '../app/i18n';

describe('register', () => {
  it('returns one lazy route with an error element per path the route table gives mf_account', async () => {
    const { registration } = await expectRegistration(register, 'mf_account', {
      host: { session: { language: 'us' } },
    });
    // In the route table's order, too.
    expect(registration.routes.map((r) => r.path)).toEqual([...ROUTE_OWNERS.mf_account]);
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

  it('connects the shared API when the first screen that queries the server loads, not at registration', async () => {
    const host = createMiniHost({ session: { language: 'us' } });
    const registration = await register(host.ctx);
    const lazyOf = (path: string) => registration.routes.find((r) => r.path === path)!.lazy as () => Promise<unknown>;
    // an injected slice shows in the state from the next action on
    const state = () => (host.store.dispatch({ type: 'test/probe' }), host.store.getState());
    expect(state()).not.toHaveProperty('api');

    // the cold start's first screen asks nothing of the server: RTK Query stays unloaded
    await lazyOf('/login/start')();
    expect(state()).not.toHaveProperty('api');

    await lazyOf('/login/login')();
    expect(state()).toHaveProperty('api');
  });

  it('loads every screen of the route table', async () => {
    const host = createMiniHost({ session: { language: 'us' } });
    await expectScreensLoad(await register(host.ctx));
  });
});
