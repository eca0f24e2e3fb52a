import {
  heldFrozenParts,
  ACCOUNT_CURRENCY,
  ASSETS_DISPLAY_KEY,
  formatCompact,
  formatRate,
  readAssetsDisplay,
  shareCount,
  writeAssetsDisplay,
} from './money';

describe('formatCompact', () => {
  it('shows figures below 10,000 in full in every language', () => {
    for (const language of ['cn', 'us', 'jp', 'zh-CN', 'en', 'ja']) {
      expect(formatCompact('9999', language)).toBe('9,999');
      expect(formatCompact('0', language)).toBe('0');
      expect(formatCompact('-9999', language)).toBe('-9,999');
    }
    expect(formatCompact('9999.5', 'us', { decimals: 2 })).toBe('9,999.50');
  });

  it('shortens Chinese figures by 万 and 亿', () => {
    expect(formatCompact('10000', 'cn')).toBe('1万');
    expect(formatCompact('123456789', 'cn')).toBe('1.23亿');
    expect(formatCompact('13024259500.00', 'zh-CN')).toBe('130.24亿');
    expect(formatCompact('56789', 'cn')).toBe('5.68万');
    expect(formatCompact('1234567890123', 'cn')).toBe('1.23万亿');
  });

  it('shortens Japanese figures by 万 and 億', () => {
    expect(formatCompact('10000', 'jp')).toBe('1万');
    expect(formatCompact('123456789', 'jp')).toBe('1.23億');
    expect(formatCompact('13024259500.00', 'ja')).toBe('130.24億');
    expect(formatCompact('1234567890123', 'ja')).toBe('1.23兆');
  });

  it('shortens English figures by K, M and B', () => {
    expect(formatCompact('10000', 'us')).toBe('10K');
    expect(formatCompact('123456789', 'us')).toBe('123.46M');
    expect(formatCompact('13024259500.00', 'en')).toBe('13.02B');
    expect(formatCompact('5000000000', 'en')).toBe('5B');
  });

  it('takes the next unit when rounding reaches it', () => {
    expect(formatCompact('99999999', 'cn')).toBe('1亿');
    expect(formatCompact('99994999', 'cn')).toBe('9,999.5万');
    expect(formatCompact('999999', 'us')).toBe('1M');
  });

  it('rounds decimal strings exactly, never through a float', () => {
    // As a float 1.005 is 1.00499…; the decimal string rounds half up.
    expect(formatCompact('100500000', 'cn')).toBe('1.01亿');
    expect(formatCompact('1005000', 'us')).toBe('1.01M');
    expect(formatCompact('123456789012345678901234.5', 'us')).toBe('123,456,789,012.35T');
    expect(formatCompact('-123456789', 'jp')).toBe('-1.23億');
    expect(formatCompact('123456789', 'us', { digits: 1 })).toBe('123.5M');
  });

  it("reads '-' and empty values as 0", () => {
    expect(formatCompact('-', 'cn')).toBe('0');
    expect(formatCompact(null, 'cn')).toBe('0');
  });
});

describe('the display currency of the total assets', () => {
  // This project runs in node: a browser-like storage stands in for localStorage.
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
    });
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('is the account currency, JPY, until the user chooses another; the choice is remembered', () => {
    expect(ACCOUNT_CURRENCY).toBe('JPY');
    expect(readAssetsDisplay()).toBe('JPY');
    writeAssetsDisplay('USD');
    expect(store.get(ASSETS_DISPLAY_KEY)).toBe('USD');
    expect(readAssetsDisplay()).toBe('USD');
  });

  it('ignores a stored value that is not one of the nine currencies', () => {
    store.set(ASSETS_DISPLAY_KEY, 'EUR');
    expect(readAssetsDisplay()).toBe('JPY');
  });
});

describe('formatRate', () => {
  it('reads a stored rate with six significant digits and no exponent', () => {
    expect(formatRate('150.000000000000')).toBe('150');
    expect(formatRate('150.12')).toBe('150.12');
    expect(formatRate('20.833333333333')).toBe('20.8333');
    expect(formatRate('0.006666666667')).toBe('0.00666667');
    expect(formatRate('0.000039370079')).toBe('0.0000393701');
  });
});

describe('shareCount', () => {
  it('gives the plural count and the grouped quantity', () => {
    expect(shareCount('1')).toEqual({ count: 1, quantity: '1' });
    expect(shareCount(1)).toEqual({ count: 1, quantity: '1' });
    expect(shareCount('1.00')).toEqual({ count: 1, quantity: '1' });
    expect(shareCount('100')).toEqual({ count: 100, quantity: '100' });
    expect(shareCount(' 1000000 ')).toEqual({ count: 1000000, quantity: '1,000,000' });
    expect(shareCount('2.5')).toEqual({ count: 2.5, quantity: '2.5' });
  });

  it('shows what is not a number as it is (the plural form then)', () => {
    expect(shareCount('—')).toEqual({ count: Number.NaN, quantity: '—' });
    expect(shareCount(undefined)).toEqual({ count: Number.NaN, quantity: '' });
  });
});

describe('heldFrozenParts', () => {
  it('lists the frozen parts that hold money, in the screens’ order, whatever the zero looks like', () => {
    expect(
      heldFrozenParts({
        new_shares: '0',
        withdrawals: '30000.00',
        copy_trades: '0.00000000',
        credit_orders: '-0.00',
        holdings: '1',
        pending_orders: '0.5',
      }),
    ).toEqual(['withdrawals', 'holdings', 'pending_orders']);
  });
});
