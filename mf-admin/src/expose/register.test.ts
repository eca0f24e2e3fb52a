import { createMiniHost } from 'shared/test-utils';
import { I18N_LANGS } from 'shared/messages';
import { expectRegistration, expectScreensLoad } from 'shared/remote-kit/testing';
import { register } from './register';
import pkg from '../../package.json';

describe('mf_admin register', () => {
  it('returns exactly the routes mf_admin owns, each lazy with the remote error view', async () => {
    await expectRegistration(register, 'mf_admin', { build: pkg.version });
  });

  it('adds its i18n namespace in zh-CN, en and ja', async () => {
    const { host } = await expectRegistration(register, 'mf_admin', { locales: I18N_LANGS });
    expect(host.i18n.getFixedT('en', 'mf_admin')('error.retry')).toBe('Try again');
  });

  it('loads every screen chunk', async () => {
    const registration = await register(createMiniHost().ctx);
    await expectScreensLoad(registration);
  });
});
