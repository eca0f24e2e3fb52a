import { shareCount } from 'shared/money';
import { localeI18n } from 'shared/remote-kit/testing';
import zhCN from './zh-CN.json';
import en from './en.json';
import ja from './ja.json';

/** Share counts read in the singular for one share ("1 share", never "1 shares"), grouped above a thousand. */
describe('share counts', () => {
  const i18n = localeI18n({ 'zh-CN': zhCN, en, ja });

  it.each([
    ['trade.sharesValue', '1', '1 share'],
    ['trade.sharesValue', '2', '2 shares'],
    ['positions.quantityShort', '1', '1 share'],
    ['positions.quantityShort', '1000', '1,000 shares'],
    ['positions.quantityShort', '—', '— shares'],
  ])('%s with %s in English: %s', (key, quantity, text) => {
    expect(i18n.t(key, { lng: 'en', ...shareCount(quantity) })).toBe(text);
  });

  it('names the code and the count of a subscription', () => {
    expect(i18n.t('positions.subscription.detail', { lng: 'en', code: '5595', ...shareCount('1') })).toBe(
      '5595 · 1 share',
    );
    expect(i18n.t('positions.subscription.detail', { lng: 'ja', code: '5595', ...shareCount('100') })).toBe(
      '5595 · 100 株',
    );
    expect(i18n.t('trade.sharesValue', { lng: 'zh-CN', ...shareCount('1') })).toBe('1 股');
  });
});
