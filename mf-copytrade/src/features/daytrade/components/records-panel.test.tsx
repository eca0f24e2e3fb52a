import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { renderRemote } from '#testing';
import { dayConfig, dayTrade } from '../testing/fixtures';

const session = { language: 'jp', market: 'jpy', token: 't' } as const;
// A whole screen through the real client on a shared, slow machine: more than jest's default 5 s per test.
jest.setTimeout(30_000);

const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const rows = [
  dayTrade({ id: 1, order_no: 'D1', status: 'filled', pnl: '15230.5', fees: '310', used: '0', remaining: '0' }),
  dayTrade({ id: 2, order_no: 'D2', status: 'filled', market: 'usd', currency: 'USD', pnl: '-412.75' }),
  dayTrade({
    id: 3,
    order_no: 'D3',
    status: 'failed',
    failed_reason: 'rejected',
    review_note: 'Identity documents are being checked',
    pnl: '0',
  }),
  dayTrade({ id: 4, order_no: 'D4', status: 'submitted', pnl: '0' }),
  dayTrade({ id: 5, order_no: 'D5', status: 'applied', pnl: '0' }),
  dayTrade({ id: 6, order_no: 'D6', status: 'in_trade' }),
];

describe('day trading: records', () => {
  it('lists each application with its state chip, and the settled P&L with its sign and colour', async () => {
    const api = fakeApi({
      '/daytrade/config': ok(dayConfig()),
      '/daytrade/list': (form: Record<string, string>) =>
        ok(form.page === '1' ? { list: rows.slice(0, 4), total: 6 } : { list: rows.slice(4), total: 6 }),
    });
    await renderRemote('/home/withinDays?tab=records', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'デイトレード履歴' });
    const [won, lost, rejected, submitted] = within(list).getAllByRole('listitem');
    expect(won).toHaveTextContent('日本 · 2026-11-24');
    // Each state as it is (issue 35): a settled day is 精算済, not 約定済 (filled); one waiting for review is 審査中.
    expect(won).toHaveTextContent('精算済');
    expect(won).not.toHaveTextContent('約定済');
    expect(valueOf(won!, '取引日')).toHaveTextContent('2026-11-24');
    expect(valueOf(won!, '市場')).toHaveTextContent('日本');
    expect(valueOf(won!, '参加金額')).toHaveTextContent('200,000.00 JPY');
    expect(valueOf(won!, '日計り枠')).toHaveTextContent('1,000,000.00 JPY');
    const gain = within(valueOf(won!, '確定損益')).getByText('+15,230.50');
    expect(gain).toHaveClass('ds-num--up');
    expect(valueOf(won!, '手数料')).toHaveTextContent('310.00 JPY');

    const loss = within(valueOf(lost!, '確定損益')).getByText('-412.75');
    expect(loss).toHaveClass('ds-num--down');
    expect(valueOf(lost!, '確定損益')).toHaveTextContent('USD');

    expect(rejected).toHaveTextContent('却下・期限切れ');
    expect(valueOf(rejected!, '不成立の理由')).toHaveTextContent('審査で非承認');
    expect(valueOf(rejected!, '審査メモ')).toHaveTextContent('Identity documents are being checked');
    expect(valueOf(rejected!, '確定損益')).toHaveTextContent('なし（取引なし）');

    expect(submitted).toHaveTextContent('審査中');
    expect(valueOf(submitted!, '確定損益')).toHaveTextContent('大引け後に確定');
    expect(screen.getByText('6 件中 4 件を表示')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'さらに表示' }));
    expect(await within(list).findByText('番号 D6')).toBeInTheDocument();
    const [, , , , applied, trading] = within(list).getAllByRole('listitem');
    expect(applied).toHaveTextContent('承認済');
    expect(trading).toHaveTextContent('取引中');
    expect(api.calls.find((c) => c.url === '/daytrade/list')!.form).toMatchObject({
      status: 'all',
      page: '1',
      lang: 'jp',
    });
  });

  it('says there are no applications yet and offers to apply', async () => {
    const api = fakeApi({ '/daytrade/config': ok(dayConfig()), '/daytrade/list': ok({ list: [], total: 0 }) });
    await renderRemote('/home/withinDays?tab=records', { adapter: api, session: { ...session, language: 'us' } });
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/home/withinDays?tab=apply');
  });
});
