import { shareCount } from 'shared/money';
import { localeI18n } from 'shared/remote-kit/testing';
import { dayCount, lotCount } from '#lib';
import zhCN from './zh-CN.json';
import en from './en.json';
import ja from './ja.json';

/**
 * Share and lot counts read in the singular for one ("1 share", "1 lot", never "1 shares" or "1 lots"), grouped
 * above a thousand; a sentence with two counts nests one text per count. zh-CN and ja read as before.
 */
describe('share and lot counts', () => {
  const i18n = localeI18n({ 'zh-CN': zhCN, en, ja });

  /** The texts as the components compose them. */
  const sharesInLots = (lng: string, shares: string, lots: string) =>
    i18n.t('info.sharesInLots', {
      lng,
      shares: i18n.t('info.shares', { lng, ...shareCount(shares) }),
      lots: i18n.t('info.lotCount', { lng, ...lotCount(lots) }),
    });
  const rule = (lng: string, lot: number, cap: string, lots: string) =>
    i18n.t('info.subscribe.rule', {
      lng,
      lot: i18n.t('info.shares', { lng, ...shareCount(lot) }),
      cap: i18n.t('info.shares', { lng, ...shareCount(cap) }),
      lots: i18n.t('info.lotCount', { lng, ...lotCount(lots) }),
    });
  const payment = (lng: string, quantity: string) =>
    i18n.t('info.confirm.body', { lng, ...shareCount(quantity), code: '5595' });
  const amount = (lng: string, quantity: string) => i18n.t('info.subscribe.amount', { lng, ...shareCount(quantity) });
  const own = (lng: string, units: number) =>
    i18n.t('info.verify.own', { lng, count: units, units, published: 1, recomputed: 1 });
  const lotsNote = (lng: string, size: number, left: number) =>
    i18n.t('blockInfo.lotsNote', {
      lng,
      size: i18n.t('info.shares', { lng, ...shareCount(size) }),
      left: i18n.t('blockInfo.lotCount', { lng, ...lotCount(left) }),
    });
  const lotsLeft = (lng: string, left: string) =>
    i18n.t('blockWayOut.insufficient_buy_quota.text', {
      lng,
      left,
      lots: i18n.t('blockInfo.lotCount', { lng, ...lotCount(left) }),
    });

  it('names the shares and the lots of a subscription', () => {
    expect(sharesInLots('en', '100', '1')).toBe('100 shares (1 lot)');
    expect(sharesInLots('en', '1', '1')).toBe('1 share (1 lot)');
    expect(sharesInLots('en', '200', '2')).toBe('200 shares (2 lots)');
    expect(sharesInLots('en', '100000', '1000')).toBe('100,000 shares (1,000 lots)');
    expect(sharesInLots('zh-CN', '100', '1')).toBe('100 股（1 手）');
    expect(sharesInLots('ja', '100000', '1000')).toBe('100,000 株（1,000 単元）');
  });

  it('states the subscription rule', () => {
    expect(rule('en', 1, '1', '1')).toBe('Whole lots of 1 share, up to 1 share (1 lot). One subscription per issue.');
    expect(rule('en', 1, '2', '2')).toBe('Whole lots of 1 share, up to 2 shares (2 lots). One subscription per issue.');
    expect(rule('en', 100, '100000', '1000')).toBe(
      'Whole lots of 100 shares, up to 100,000 shares (1,000 lots). One subscription per issue.',
    );
    expect(rule('zh-CN', 100, '500', '5')).toBe('按整手申购，每手 100 股，上限 500 股（5 手）。每只新股只能申购一次。');
    expect(rule('ja', 100, '500', '5')).toBe(
      '1 単元 100 株の整数倍で、上限 500 株（5 単元）まで。各銘柄 1 回のみ申し込めます。',
    );
  });

  it('says what the payment buys and what the amount is for', () => {
    expect(payment('en', '1')).toBe('You buy 1 share of 5595 at the issue price, for');
    expect(payment('en', '2')).toBe('You buy 2 shares of 5595 at the issue price, for');
    expect(payment('en', '1000')).toBe('You buy 1,000 shares of 5595 at the issue price, for');
    expect(payment('zh-CN', '1')).toBe('您将以发行价认购 5595 1 股，金额');
    expect(payment('ja', '1000')).toBe('5595 を公開価格で 1,000 株購入します。購入代金');
    expect(amount('en', '1')).toBe('Amount for 1 share');
    expect(amount('en', '2')).toBe('Amount for 2 shares');
    expect(amount('en', '1000')).toBe('Amount for 1,000 shares');
    expect(amount('en', '—')).toBe('Amount for — shares');
    expect(amount('zh-CN', '100')).toBe('100 股的金额');
    expect(amount('ja', '1')).toBe('1 株の申込金額');
  });

  it("counts the lots of the reader's application in the draw proof", () => {
    expect(own('en', 1)).toBe('Your application: 1 lot applied for; published 1 allotted, recomputed 1.');
    expect(own('en', 2)).toBe('Your application: 2 lots applied for; published 1 allotted, recomputed 1.');
    expect(own('en', 1000)).toBe('Your application: 1000 lots applied for; published 1 allotted, recomputed 1.');
    expect(own('zh-CN', 1)).toBe('您的申购：申购 1 手；公布中签 1 手，重新计算 1 手。');
    expect(own('ja', 2)).toBe('あなたの申込：申込 2 単元、公開された当選 1 単元、再計算 1 単元。');
  });

  it('counts the shares per lot and the lots left of a block trade', () => {
    expect(lotsNote('en', 1, 1)).toBe('1 share per lot · 1 lot left');
    expect(lotsNote('en', 2, 2)).toBe('2 shares per lot · 2 lots left');
    expect(lotsNote('en', 1000, 1000)).toBe('1,000 shares per lot · 1,000 lots left');
    expect(lotsNote('zh-CN', 100, 1200)).toBe('每手 100 股 · 剩余 1,200 手');
    expect(lotsNote('ja', 100, 8)).toBe('1口 100 株 · 残り 8 口');
    expect(lotsLeft('en', '1')).toBe('Only 1 lot left. Apply for fewer lots.');
    expect(lotsLeft('en', '2')).toBe('Only 2 lots left. Apply for fewer lots.');
    expect(lotsLeft('en', '1000')).toBe('Only 1,000 lots left. Apply for fewer lots.');
    expect(lotsLeft('zh-CN', '8')).toBe('仅剩 8 手，请减少手数。');
    expect(lotsLeft('ja', '8')).toBe('残りは 8 口です。口数を減らしてお申し込みください。');
  });

  it('counts days in the lock-up and the financing terms, and the tries left without a plural', () => {
    const days = (lng: string, n: number | null) => i18n.t('info.days', { lng, ...dayCount(n) });
    const lockUp = (lng: string, n: number) =>
      i18n.t('info.applicationHint.subscribed', { lng, listing: '2026-12-01', days: days(lng, n) });
    const terms = (lng: string, n: number | null) =>
      i18n.t('block.financingTerms', { lng, leverage: 2, financed: '50', rate: '3', days: days(lng, n) });
    const fee = (lng: string, n: number) => i18n.t('blockInfo.fee', { lng, rate: '3', days: days(lng, n) });
    expect(lockUp('en', 1)).toContain('cannot be sold for 1 day (lock-up).');
    expect(lockUp('en', 180)).toContain('cannot be sold for 180 days (lock-up).');
    expect(lockUp('zh-CN', 180)).toContain('锁定 180 天内不可卖出');
    expect(lockUp('ja', 180)).toContain('ロックアップ期間の 180 日間は売却できません');
    expect(terms('en', 1)).toBe('2× · 50% financed at 3% a year for 1 day');
    expect(terms('en', 1000)).toBe('2× · 50% financed at 3% a year for 1,000 days');
    expect(terms('en', null)).toBe('2× · 50% financed at 3% a year for — days');
    expect(terms('zh-CN', 30)).toBe('2 倍 · 融资 50% · 年利率 3%，30 天');
    expect(terms('ja', 30)).toBe('2倍・融資 50%・年率 3%（30 日間）');
    expect(fee('en', 1)).toBe('Financing fee (3% a year, 1 day)');
    expect(fee('zh-CN', 30)).toBe('融资费用（年利率 3%，30 天）');
    expect(fee('ja', 30)).toBe('融資手数料（年率 3%・30 日間）');
    expect(i18n.t('blockWayOut.channel_password_wrong.text', { lng: 'en', left: '1' })).toContain(
      'Tries left today: 1. The fifth wrong one',
    );
  });
});
