import { formatCompact } from './money';

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
