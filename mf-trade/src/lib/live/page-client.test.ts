import { issueReporter } from './page-client';

describe('live issue reporter', () => {
  it('tells the user once that some prices are not live, and logs other issues once each', () => {
    const toast = jest.fn();
    const warn = jest.fn();
    const report = issueReporter(toast, warn);
    report({ kind: 'capped', max: 200, waiting: 3 });
    report({ kind: 'capped', max: 200, waiting: 4 });
    report({ kind: 'malformed' });
    report({ kind: 'malformed' });
    report({ kind: 'refused', msg: 'stock_not_found', values: { code: 'ZZZZ' } });
    report({ kind: 'refused', msg: 'too_frequent' });
    report({ kind: 'unauthorized' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('live.capped', { ns: 'mf_trade', values: { max: 200 } });
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
