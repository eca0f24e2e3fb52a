import { renderRemote } from '#testing';
import { screen, within } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';

const session = { language: 'us' as const, market: 'jpy' as const, token: 't' };

describe('withdraw screen', () => {
  it('shows the withdrawal rules of spec §9', async () => {
    await renderRemote('/mine/withdraw', { adapter: fakeApi({ '/user/withdrawallist': ok([]) }), session });

    expect(await screen.findByText('Minimum withdrawal: 30,000.00 JPY per transaction.')).toBeInTheDocument();
    expect(screen.getByText('Withdrawals are accepted on business days from 9:00 to 15:30.')).toBeInTheDocument();
    expect(screen.getByText(/at the latest by 24:00 on the next business day/)).toBeInTheDocument();
  });

  it('keeps the submit disabled with an explanation until withdrawals open', async () => {
    await renderRemote('/mine/withdraw', { adapter: fakeApi({ '/user/withdrawallist': ok([]) }), session });

    const submit = await screen.findByRole('button', { name: 'Request withdrawal' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Available soon: this form opens in the next release.');
    expect(screen.getByLabelText('Amount (JPY)')).toBeInTheDocument();
    expect(screen.getByLabelText('Fund password')).toHaveAttribute('type', 'password');
  });

  it('says there are no withdrawals yet when /user/withdrawallist is empty', async () => {
    await renderRemote('/mine/withdraw', { adapter: fakeApi({ '/user/withdrawallist': ok([]) }), session });
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();
  });

  it('lists recent withdrawals with their review state', async () => {
    const api = fakeApi({ '/user/withdrawallist': ok([{ id: 'w1', status: 0, money: '50000' }, { id: 'w2', status: 1, money: '-' }]) });
    await renderRemote('/mine/withdraw', { adapter: api, session });

    const list = await screen.findByRole('list', { name: 'Recent withdrawals' });
    expect(within(list).getByText('Pending review')).toBeInTheDocument();
    expect(within(list).getByText('50,000.00')).toBeInTheDocument();
    expect(within(list).getByText('Approved')).toBeInTheDocument();
    expect(within(list).getByText('0.00')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/user/withdrawallist')?.form).toEqual({ type: 'jpy' });
  });
});
