import { quote } from '#testing';
import { QuoteStore } from './quote-store';

describe('QuoteStore', () => {
  it('keeps the newer quote of its own stock and tells its listeners only when it changes', () => {
    const store = new QuoteStore({ market: 'jpy', code: '7203' });
    const heard = jest.fn();
    store.subscribe(heard);
    const first = quote({ code: '7203', time: '2026-11-24T01:00:00.000Z' });
    store.offer(first);
    expect(store.get()).toBe(first);
    store.offer(quote({ code: '7203', price: '1.00', time: '2026-11-24T00:59:00.000Z' }));
    store.offer(first);
    expect(store.get()).toBe(first);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("ignores another stock's quote (a query's previous answer while the next stock loads)", () => {
    const store = new QuoteStore({ market: 'usd', code: 'AAPL' });
    store.offer(quote({ code: '7203', time: '2030-01-01T00:00:00.000Z' }));
    expect(store.get()).toBeUndefined();
    const aapl = quote({ code: 'AAPL', market: 'usd', time: '2026-11-23T21:00:00.000Z' });
    store.offer(aapl);
    expect(store.get()).toBe(aapl);
  });
});
