import { computeAssets } from './assets';

const none = { newStocks: [], withdrawals: [], products: [], credits: [] };

describe('computeAssets (spec §4)', () => {
  it('adds every frozen part to the available balance', () => {
    const lists = {
      newStocks: [
        { status: 1, rjmoney: '100000' },
        { status: 2, rjmoney: '5' },
        { status: 1, rjmoney: '-' },
      ],
      withdrawals: [
        { status: 0, money: '50000' },
        { status: 1, money: '7' },
      ],
      products: [{ status: 0, money: '30000' }],
      credits: [{ status: 0, credit: '20000' }],
      holdings: [{ status: 0, cost: '250050', buy_price: '2500.5', stock_num: '100' }],
    };
    expect(computeAssets('950000', lists)).toEqual({ frozen: '450050', total: '1400050' });
  });

  it('keeps a position preparing to close (status 1) frozen until its close fills', () => {
    const holdings = [
      { status: 0, cost: '1000', buy_price: '10', stock_num: '100' },
      { status: 1, cost: '2000', buy_price: '20', stock_num: '100' },
      { status: 2, cost: '4000', buy_price: '40', stock_num: '100' },
    ];
    expect(computeAssets('0', { ...none, holdings })).toEqual({ frozen: '3000', total: '3000' });
  });

  it('counts the money pending limit orders hold, so placing one leaves total assets unchanged', () => {
    const before = computeAssets('1000000', { ...none, holdings: [] });
    const after = computeAssets('878454', { ...none, holdings: [], pendingOrdersFrozen: '121546' });
    expect(after).toEqual({ frozen: '121546', total: before.total });
  });

  it('values a holding without a cost at buy price × quantity, in decimals', () => {
    expect(computeAssets('0.1', { ...none, holdings: [{ status: 0, buy_price: '0.1', stock_num: '3' }] })).toEqual({
      frozen: '0.3',
      total: '0.4',
    });
  });
});
