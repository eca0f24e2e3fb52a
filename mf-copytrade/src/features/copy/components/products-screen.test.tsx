import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { product } from '../testing/fixtures';

const session = { language: 'us', market: 'jpy', token: 't' } as const;
const valueOf = (row: HTMLElement, label: string) =>
  within(row).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('copy-trading product list', () => {
  it('shows name, issuer, past return labelled past with its period, minimum, lock-up, deadline, room', async () => {
    const api = fakeApi({ '/copy/list': ok({ list: [product()], total: 1 }) });
    await renderRemote('/home/qcList', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Copy-trading products' });
    const row = within(list).getByRole('link', { name: /Japan Momentum 5/ });
    expect(row).toHaveAttribute('href', '/home/follow?id=3');
    expect(row).toHaveTextContent('Issuer: Sakura Quant Lab');
    expect(row).toHaveTextContent('Open');
    expect(valueOf(row, 'Past return (90 days)')).toHaveTextContent('+4.12%');
    expect(valueOf(row, 'Past return (90 days)')).toHaveTextContent('2026-08-22 to 2026-11-20; past, not a promise');
    // Each date of the period is one unbreakable <time> (a 360 px row wrapped "2026-08-" / "22" before).
    const dates = valueOf(row, 'Past return (90 days)').querySelectorAll('time');
    expect([...dates].map((d) => [d.textContent, d.getAttribute('datetime'), d.className])).toEqual([
      ['2026-08-22', '2026-08-22', 'date'],
      ['2026-11-20', '2026-11-20', 'date'],
    ]);
    expect(valueOf(row, 'Minimum investment')).toHaveTextContent('100,000.00 JPY');
    expect(valueOf(row, 'Lock-up')).toHaveTextContent('30 days');
    expect(valueOf(row, 'Follow deadline')).toHaveTextContent(/2026-12-20.*15:00.JST/);
    expect(valueOf(row, 'Capacity left')).toHaveTextContent('12,500,000.00 JPY');
    expect(screen.getByText('1 of 1 shown')).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ url: '/copy/list', form: { type: 'jpy', page: '1', size: '20', lang: 'us' } });
    expect(document.body.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('loads the next page on request', async () => {
    const first = Array.from({ length: 20 }, (_, i) => product({ id: i + 1, product_name: `Basket ${i + 1}` }));
    const api = fakeApi({
      '/copy/list': (form: Record<string, string>) =>
        form.page === '2'
          ? ok({ list: [product({ id: 21, product_name: 'Basket 21' })], total: 21 })
          : ok({ list: first, total: 21 }),
    });
    await renderRemote('/home/qcList', { adapter: api, session });
    await screen.findByText('20 of 21 shown');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Basket 21')).toBeInTheDocument();
    expect(screen.getByText('21 of 21 shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says why the list is empty and offers the follow records', async () => {
    const api = fakeApi({ '/copy/list': ok({ list: [], total: 0 }) });
    await renderRemote('/home/qcList', { adapter: api, session });
    expect(await screen.findByText('No products in this market yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'My follows' }).at(-1)).toHaveAttribute('href', '/mine/followOrder');
  });

  it('shows a retry when the list cannot be loaded, and reads in Chinese by default', async () => {
    const api = fakeApi({ '/copy/list': { httpStatus: 500, body: { status: 0, msg: 'request_failed' } } });
    await renderRemote('/home/qcList', { adapter: api, session: { ...session, language: 'cn' } });
    expect(await screen.findByRole('button', { name: '重试' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: '跟单' })).toBeInTheDocument();
  });

  it.each([
    ['us', /simulated market prices, not live exchange quotes/, /real market prices/],
    ['cn', /模拟行情数据/, /真实的行情/],
    ['jp', /模擬相場データ/, /実際の市場価格から/],
  ] as const)(
    'says the returns come from simulated market data, as every other screen (%s)',
    async (language, said, old) => {
      const api = fakeApi({ '/copy/list': ok({ list: [product()], total: 1 }) });
      await renderRemote('/home/qcList', { adapter: api, session: { ...session, language } });
      expect(await screen.findByText(said)).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(old);
    },
  );
});
