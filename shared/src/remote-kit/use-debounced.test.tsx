/**
 * @jest-environment jsdom
 */
import { act, renderHook } from '@testing-library/react';
import { useDebounced } from './use-debounced';

describe('useDebounced', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers the first value at once, and a new one only after it stayed unchanged for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: '1' } });
    expect(result.current).toBe('1');
    rerender({ value: '10' });
    act(() => jest.advanceTimersByTime(200));
    rerender({ value: '100' });
    act(() => jest.advanceTimersByTime(200));
    // '10' never settled: it changed before its 300 ms were up
    expect(result.current).toBe('1');
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe('100');
  });
});
