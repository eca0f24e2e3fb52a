import { shareCount } from 'shared/money';
import { localeI18n } from 'shared/remote-kit/testing';
import en from './en.json';
import ja from './ja.json';

/** Lent and borrowed quantities read in the singular for one share. */
describe('share counts', () => {
  const i18n = localeI18n({ en, ja });

  it('reads "1 share", "2 shares" and "1,000 shares" in English and 株 in Japanese', () => {
    expect(i18n.t('lending.shares', { lng: 'en', ...shareCount('1') })).toBe('1 share');
    expect(i18n.t('lending.shares', { lng: 'en', ...shareCount('2') })).toBe('2 shares');
    expect(i18n.t('lending.shares', { lng: 'en', ...shareCount('1000') })).toBe('1,000 shares');
    expect(i18n.t('lending.shares', { lng: 'ja', ...shareCount('1') })).toBe('1 株');
  });
});
