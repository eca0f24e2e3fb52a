import { renderRemote, tradePosition } from '#testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';

// A loaded two-core machine: the journeys of several dialogs take longer than the 5 s default.
jest.setTimeout(20_000);

/**
 * Issue 35: a holding granted by a block-trade allotment (or a new-share allotment) is labelled as such, not as an
 * ordinary limit order: a tag in the holdings list, the order list and the detail, its lock-up named as the block's,
 * and its price as the price it was granted at.
 */
const session = { language: 'us', market: 'jpy', token: 't' } as const;
const history = { list: [], lsyk: '0' };

/** A block allotment approved on 2026-11-16 at the block price, under the listing's 90-day lock-up. */
const block = tradePosition({
  id: 61,
  order_no: 'T61',
  price_type: 'limit',
  limit_price: '2500',
  buy_price: '2500',
  margin: '25000',
  cost: '25000',
  fee: '0',
  stock_num: '10',
  fully_paid: true,
  closable: false,
  closable_from: '2027-02-14',
  closable_reason: 'lockup',
  source: 'block',
});
const newShare = tradePosition({
  id: 62,
  order_no: 'T62',
  price_type: 'limit',
  limit_price: '1200',
  source: 'new_share',
});
const order = tradePosition({ id: 63, order_no: 'T63', source: 'order' });
const { market: _m, currency: _c, ...blockListed } = block;
const holdings = {
  list: { '61': blockListed, '62': newShare, '63': order },
  ccsz: '0',
  fdyk: '0',
};

const TAGS = [
  ['us', 'Block trade', 'New-share allotment', 'Block-trade lock-up until 2027-02-14: it can be sold from that date'],
  ['cn', '大宗交易', '新股配售', '大宗交易锁定期至 2027-02-14：自该日起可卖出'],
  ['jp', '大口取引', 'IPO割当', '大口取引のロックアップ期間 2027-02-14 まで：この日から売却できます'],
] as const;

describe('holdings granted by an allotment', () => {
  it.each(TAGS)(
    'tags a block and a new-share allotment in the holdings list (%s)',
    async (language, tag, ipo, lock) => {
      const api = fakeApi({ '/trade/userstocklist': ok(holdings), '/trade/userstocklists': ok(history) });
      await renderRemote('/position/index', { adapter: api, session: { ...session, language } });

      const list = await screen.findByRole('list');
      const [blockItem, ipoItem, orderItem] = within(list).getAllByRole('listitem');
      expect(within(blockItem!).getByText(tag)).toBeInTheDocument();
      // The lock-up is the block listing's, with its end date (not a new share's, not T+1); no Close before it.
      expect(within(blockItem!).getByText(lock)).toBeInTheDocument();
      expect(within(blockItem!).queryByRole('button')).not.toBeInTheDocument();
      expect(within(ipoItem!).getByText(ipo)).toBeInTheDocument();
      expect(within(ipoItem!).queryByText(tag)).not.toBeInTheDocument();
      expect(within(orderItem!).queryByText(tag)).not.toBeInTheDocument();
      expect(within(orderItem!).queryByText(ipo)).not.toBeInTheDocument();
    },
  );

  it('says in the detail what it was, not "Normal · Limit", and names the block’s lock-up', async () => {
    const api = fakeApi({ '/trade/position': ok(block) });
    await renderRemote('/position/info?id=61', { adapter: api, session });

    expect(await screen.findByText('Block trade')).toBeInTheDocument();
    expect(screen.getByText('Order type').nextElementSibling).toHaveTextContent(
      'Block-trade allotment (at the block price)',
    );
    expect(screen.queryByText('Normal · Limit')).not.toBeInTheDocument();
    expect(screen.getByText('Block-trade lock-up until 2027-02-14: it can be sold from that date')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close position' })).not.toBeInTheDocument();
  });

  it('shows an allotment in the order history with its tag and its price as a fill, not a limit', async () => {
    const api = fakeApi({
      '/trade/userstocklist': ok(holdings),
      '/trade/userstocklists': ok(history),
      '/trade/orders': ok({ list: [block, order], total: 2 }),
    });
    await renderRemote('/position/index?tab=orders', { adapter: api, session });
    await userEvent.click(await screen.findByRole('radio', { name: 'Order history' }));

    const list = await screen.findByRole('list', { name: 'Order history' });
    const [blockItem, orderItem] = within(list).getAllByRole('listitem');
    expect(within(blockItem!).getByText('Block trade')).toBeInTheDocument();
    expect(within(blockItem!).getByText('Block-trade allotment (at the block price)')).toBeInTheDocument();
    expect(within(blockItem!).getByText('Fill price').nextElementSibling).toHaveTextContent('2,500.00 JPY');
    expect(within(blockItem!).queryByText('Limit price')).not.toBeInTheDocument();
    expect(within(orderItem!).queryByText('Block trade')).not.toBeInTheDocument();
    expect(within(orderItem!).getByText('Normal · Market')).toBeInTheDocument();
  });
});
