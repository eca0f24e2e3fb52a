import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('shows YYYY-MM-DD HH:mm in local time, the same for every language', () => {
    const local = new Date(2026, 10, 24, 9, 5, 30);
    for (const language of ['cn', 'us', 'jp', 'zh-CN', 'en', 'ja'])
      expect(formatDateTime(local.toISOString(), language)).toBe('2026-11-24 09:05');
  });

  it('accepts a Date or epoch milliseconds', () => {
    const local = new Date(2026, 0, 2, 23, 53);
    expect(formatDateTime(local)).toBe('2026-01-02 23:53');
    expect(formatDateTime(local.getTime())).toBe('2026-01-02 23:53');
  });

  it('shows a dash when absent and the raw text when unparseable', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
