import { ORDER_MESSAGES } from './orders';

describe('advanced-order messages', () => {
  it('name the opening stop as a stop entry, never a stop-loss (issue 35), in three languages', () => {
    const { inbox_stop_triggered_title: title, inbox_stop_triggered_body: body } = ORDER_MESSAGES;
    for (const text of [title, body]) {
      expect(text['zh-CN']).not.toMatch(/止损/);
      expect(text['zh-CN']).toMatch(/触发单/);
      expect(text.en).toMatch(/stop entry/i);
      expect(text.en).not.toMatch(/stop-loss/i);
      expect(text.ja).toMatch(/逆指値/);
    }
  });
});
