import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok } from 'shared/test-utils';
import { FakeSocket, installFakeSocket, renderInRemote, uninstallFakeSocket } from '#testing';
import { getLiveClient } from '#lib/live';
import { AlertButton } from './alert-button';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't', account: 'a' };

function api() {
  let alerts: Array<Record<string, unknown>> = [];
  let next = 1;
  return fakeApi({
    '/stock/alerts': () => ok({ list: alerts, active: alerts.length, max_active: 20 }),
    '/stock/alertCreate': (form: Record<string, string>) => {
      alerts = [
        {
          id: next,
          market: form.market,
          code: form.code,
          name: 'Toyota Motor',
          kind: form.kind,
          threshold: form.threshold,
          currency: 'JPY',
          status: 'active',
          created_at: '2026-11-24T00:00:00.000Z',
          fired_at: null,
          fired_price: null,
          fired_change: null,
        },
        ...alerts,
      ];
      next += 1;
      return ok({ id: next - 1 });
    },
    '/stock/alertDelete': (form: Record<string, string>) => {
      alerts = alerts.filter((a) => String(a.id) !== form.id);
      return ok({});
    },
  });
}

const button = <AlertButton code="7203" market="jpy" name="Toyota Motor" currency="JPY" />;

describe('stock page alert action', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => uninstallFakeSocket());

  it('opens the stock’s alerts, sets one (type, threshold) and deletes it, by keyboard and touch', async () => {
    const user = userEvent.setup();
    const fake = api();
    const { host } = await renderInRemote(button, { adapter: fake, session });
    await user.click(screen.getByRole('button', { name: 'Price alerts for Toyota Motor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alerts · Toyota Motor' });
    expect(await within(dialog).findByText('No alerts on this stock yet.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Alert when'), 'price_below');
    await user.type(within(dialog).getByLabelText('Threshold'), '2400.5');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.url === '/stock/alertCreate')?.form).toEqual({
        kind: 'price_below',
        threshold: '2400.5',
        code: '7203',
        market: 'jpy',
      }),
    );
    const list = await within(dialog).findByRole('list', { name: 'Alerts on this stock' });
    expect(within(list).getByText('Price ≤ 2,400.50 JPY')).toBeInTheDocument();
    expect(host.toasts).toContain('Price alert set.');

    await user.click(within(list).getByRole('button', { name: 'Delete alert: Price ≤ 2,400.50 JPY' }));
    expect(await within(dialog).findByText('No alerts on this stock yet.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a threshold that is not a positive decimal before sending, in words', async () => {
    const user = userEvent.setup();
    const fake = api();
    await renderInRemote(button, { adapter: fake, session });
    await user.click(screen.getByRole('button', { name: 'Price alerts for Toyota Motor' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Threshold'), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Set alert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/must be a number above 0/);
    expect(fake.calls.some((c) => c.url === '/stock/alertCreate')).toBe(false);
  });

  it('shows a fired alert pushed over the stream as a toast', async () => {
    const { host } = await renderInRemote(button, { adapter: api(), session });
    const stop = getLiveClient().subscribe('jpy', ['7203']);
    await waitFor(() => expect(FakeSocket.latest()).toBeDefined());
    const socket = FakeSocket.latest()!;
    socket.ready();
    act(() =>
      socket.serverSend({
        type: 'alert',
        alert: {
          id: 9,
          market: 'jpy',
          code: '7203',
          names: { 'zh-CN': '丰田汽车', en: 'Toyota Motor', ja: 'トヨタ自動車' },
          kind: 'price_above',
          threshold: '2500',
          currency: 'JPY',
          price: '2501',
          change_ratio: '1.2',
          fired_at: '2026-11-24T01:00:00.000Z',
        },
      }),
    );
    await waitFor(() => expect(host.toasts).toContain('Toyota Motor (7203) reached 2,501.00 JPY (alert ≥ 2,500.00)'));
    stop();
  });
});

describe('stock page alert action in other languages', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    uninstallFakeSocket();
    delete (globalThis as { Notification?: unknown }).Notification;
  });

  it('speaks zh-CN (the default) and asks for system notifications only when tapped', async () => {
    const user = userEvent.setup();
    const requestPermission = jest.fn(async () => 'granted' as const);
    (globalThis as { Notification?: unknown }).Notification = { permission: 'default', requestPermission };
    await renderInRemote(button, { adapter: api(), session: { ...session, language: 'cn' as const } });
    await user.click(screen.getByRole('button', { name: 'Toyota Motor 的价格提醒' }));
    const dialog = await screen.findByRole('dialog', { name: '价格提醒 · Toyota Motor' });
    expect(within(dialog).getByLabelText('提醒条件')).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '触发时同时显示系统通知' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText('此浏览器已开启系统通知。')).toBeInTheDocument();
  });

  it('speaks ja', async () => {
    const user = userEvent.setup();
    await renderInRemote(button, { adapter: api(), session: { ...session, language: 'jp' as const } });
    await user.click(screen.getByRole('button', { name: 'Toyota Motor の株価アラート' }));
    const dialog = await screen.findByRole('dialog', { name: 'アラート · Toyota Motor' });
    expect(within(dialog).getByRole('button', { name: 'アラートを設定' })).toBeInTheDocument();
  });
});
