import { renderRemote } from '#testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/test-utils';

describe('quotes screen', () => {
  beforeEach(() => localStorage.clear());

  it('opens on the Japan market by default', async () => {
    await renderRemote('/home/home', { adapter: fakeApi({}), session: { language: 'us' } });
    expect(await screen.findByRole('tab', { name: 'Japan' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No quotes yet')).toBeInTheDocument();
  });

  it('stores the chosen market in the session', async () => {
    const view = await renderRemote('/home/home', { adapter: fakeApi({}), session: { language: 'us', market: 'jpy' } });
    await userEvent.click(await screen.findByRole('tab', { name: 'US' }));

    expect(view.host.ctx.getSession().market).toBe('usd');
    expect(screen.getByRole('tab', { name: 'US' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Quotes for US arrive with the market-data release.')).toBeInTheDocument();
  });

  it('links to search and the watchlist', async () => {
    await renderRemote('/home/home', { adapter: fakeApi({}), session: { language: 'us' } });
    const search = await screen.findAllByRole('link', { name: 'Search stocks' });
    expect(search.map((link) => link.getAttribute('href'))).toContain('/quotes/search');
    expect(screen.getByRole('link', { name: 'Watchlist' })).toHaveAttribute('href', '/quotes/self');
  });
});
