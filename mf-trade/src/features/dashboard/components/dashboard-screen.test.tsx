import { renderRemote } from '#testing';
import { screen, within } from '@testing-library/react';
import { fakeApi } from 'shared/test-utils';

describe('dashboard screen', () => {
  it('names the panel button and draws its icon as a decorative SVG, not a text glyph', async () => {
    await renderRemote('/home/index', { adapter: fakeApi({}), session: { language: 'us', market: 'jpy', token: 't' } });

    const button = await screen.findByRole('button', { name: 'Open account panel' });
    expect(button.textContent).toBe('');
    const svg = button.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
  });

  it('gives every entry tile an SVG icon and only its label as text', async () => {
    await renderRemote('/home/index', { adapter: fakeApi({}), session: { language: 'us', market: 'jpy', token: 't' } });

    const nav = await screen.findByRole('navigation', { name: 'Services' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['New shares', 'Block trade', 'Copy trading', 'Day trading', 'Deposit', 'Withdraw', 'Exchange', 'Loan']);
    for (const link of links) expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/mine/deposit');
  });
});
