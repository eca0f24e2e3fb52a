import { renderInbox } from './inbox-service';

const subscribed = {
  code: '9999',
  quantity: '1',
  application_no: 'A1',
  amount: '1,000.00 JPY',
  draw_at: '2026-11-30',
};

describe('inbox messages in the reader’s language', () => {
  it('says "1 share" for one share in English and groups larger quantities', () => {
    expect(renderInbox('new_share_subscribed', subscribed, 'en').body).toBe(
      'You subscribed for 1 share of 9999 (application no. A1); 1,000.00 JPY is held until the draw at 2026-11-30.',
    );
    expect(renderInbox('new_share_subscribed', { ...subscribed, quantity: '1000' }, 'en').body).toMatch(
      /^You subscribed for 1,000 shares of 9999/,
    );
    expect(renderInbox('new_share_subscribed', { ...subscribed, quantity: '2' }, 'en').body).toMatch(
      /^You subscribed for 2 shares of/,
    );
  });

  it('keeps Chinese and Japanese in their one form, grouped', () => {
    expect(renderInbox('new_share_subscribed', { ...subscribed, quantity: '1000' }, 'zh-CN').body).toMatch(
      /^您已申购 9999 1,000 股/,
    );
    expect(renderInbox('new_share_subscribed', subscribed, 'ja').body).toMatch(/^9999 を 1 株申し込みました/);
  });

  it('counts allotments, listings and block trades the same way', () => {
    const won = { code: '9999', allotted: '1', amount: '1.00 JPY', deadline: 'x' };
    expect(renderInbox('new_share_won', won, 'en').body).toMatch(/^You were allotted 1 share of 9999;/);
    expect(renderInbox('new_share_paid', { ...won, allotted: '300' }, 'en').body).toMatch(/^You bought 300 shares/);
    const listed = { code: '9999', quantity: '1', price: '1.00 JPY', date: 'd' };
    expect(renderInbox('new_share_listed', listed, 'en').body).toMatch(/your 1 share is now a holding.*it can be sold/);
    const block = { order_no: 'B1', shares: '1', code: '7203', price: 'p', amount: 'a', reason: 'r' };
    expect(renderInbox('placement_success', block, 'en').body).toMatch(/for 1 share of 7203 was approved/);
    expect(renderInbox('block_rejected', { ...block, shares: '12000' }, 'en').body).toMatch(/for 12,000 shares of/);
    expect(renderInbox('block_dividend', { ...block, shares: '1' }, 'en').body).toMatch(/^Your 1 share of 7203/);
  });

  it('reads a block approval stored under its old key with the placement_success texts', () => {
    const block = { order_no: 'B1', shares: '10', code: '7203', price: '2,500 JPY', amount: '25,000 JPY' };
    const stored = renderInbox('block_approved', block, 'ja');
    expect(stored).toEqual(renderInbox('placement_success', block, 'ja'));
    expect(stored.title).toBe('割当が完了しました');
    expect(stored.body).toContain('B1');
  });

  it('reads a message stored without its counted value with a dash, in the plural', () => {
    expect(renderInbox('new_share_won', { code: '9999' }, 'en').body).toMatch(/^You were allotted - shares of 9999/);
  });
});
