import { createMiniHost } from 'shared/test-utils';
import { I18N_LANGS } from 'shared/messages';
import { expectRegistration, expectScreensLoad } from 'shared/remote-kit/testing';
import { register } from './register';
import pkg from '../../package.json';

describe('mf_trade register', () => {
  it('returns exactly the routes mf_trade owns, each lazy with the remote error view', async () => {
    await expectRegistration(register, 'mf_trade', { build: pkg.version });
  });

  it('adds its i18n namespace in zh-CN, en and ja', async () => {
    const { host } = await expectRegistration(register, 'mf_trade', { locales: I18N_LANGS });
    expect(host.i18n.getFixedT('en', 'mf_trade')('error.retry')).toBe('Try again');
  });

  it('loads every screen chunk', async () => {
    const registration = await register(createMiniHost().ctx);
    await expectScreensLoad(registration);
  });
});

describe('mf_trade route starts', () => {
  it('the stock page starts its quote and candles with the navigation, with the screen’s own arguments', async () => {
    const { fakeApi, ok } = await import('shared/test-utils');
    const { forgetAhead } = await import('shared/api');
    const fake = fakeApi({ '/stock/detail': ok({}), '/stock/candles': ok({}) });
    const registration = await register(
      createMiniHost({ adapter: fake, session: { language: 'jp', market: 'usd', token: 't', account: 'a' } }).ctx,
    );
    const routes = Object.fromEntries(registration.routes.map((r) => [r.path, r]));
    // only the stock page starts anything
    expect(Object.keys(routes).filter((p) => routes[p]!.loader)).toEqual(['/quotes/info']);
    const loader = routes['/quotes/info']!.loader as (args: unknown) => unknown;
    try {
      expect(loader({ request: new Request('http://app.test/quotes/info?code=AAPL'), params: {} })).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { waitFor } = await import('@testing-library/react');
      await waitFor(() => expect(fake.calls).toHaveLength(2));
      expect(fake.calls.map((c) => [c.url, c.form])).toEqual([
        ['/stock/detail', { code: 'AAPL', market: 'usd', lang: 'jp' }],
        ['/stock/candles', { code: 'AAPL', market: 'usd', period: 'day', limit: '200' }],
      ]);
    } finally {
      forgetAhead();
    }
  });
});
