import { ENDPOINTS } from 'shared/contract';
import { earlyData } from './early-data';

const QUOTE = {
  market: 'jpy',
  kind: 'stock',
  code: '7203',
  name: 'Toyota Motor',
  currency: 'JPY',
  price: '2444.50',
};

describe('earlyData', () => {
  it('asks the host for exactly the endpoint’s path and the request', () => {
    const asked: unknown[] = [];
    earlyData({ earlyAnswer: (path, request) => void asked.push([path, request]) }, ENDPOINTS.stockDetail, {
      code: '7203',
      market: 'jpy',
      lang: 'us',
    });
    expect(asked).toEqual([['/stock/detail', { code: '7203', market: 'jpy', lang: 'us' }]]);
  });

  it('is undefined from a shell without the hook, or without an answer', () => {
    expect(earlyData({}, ENDPOINTS.stockDetail, { code: '7203' })).toBeUndefined();
    expect(earlyData({ earlyAnswer: () => undefined }, ENDPOINTS.stockDetail, { code: '7203' })).toBeUndefined();
  });

  it('refuses an answer the contract refuses (a price that is not a decimal, a missing field)', () => {
    const answer = (data: unknown) => earlyData({ earlyAnswer: () => data }, ENDPOINTS.stockDetail, { code: '7203' });
    expect(answer({ ...QUOTE, price: 'cheap' })).toBeUndefined();
    expect(answer({ code: '7203' })).toBeUndefined();
    expect(answer(null)).toBeUndefined();
  });
});
