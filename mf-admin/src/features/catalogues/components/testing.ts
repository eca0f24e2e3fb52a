/** Fixtures of the catalogue screens' tests: rows as the server answers them. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { fakeApi } from 'shared/test-utils';

export const ISSUE = {
  id: 5,
  code: '9999',
  name: 'Kabu Robotics',
  market: 'jpy',
  currency: 'JPY',
  subscription_price: '1200',
  issue_price: '1200',
  market_price: null,
  premium: null,
  pe: null,
  subscription_cap: '10000',
  lot_size: 100,
  issue_size: '1000000',
  hit_rate: null,
  underwriter: 'Kabu Securities',
  lockup_days: 0,
  opens_at: '2026-12-01T00:00:00.000Z',
  closes_at: '2026-12-03T06:00:00.000Z',
  draw_at: '2026-12-04T00:00:00.000Z',
  pay_deadline: '2026-12-05T06:00:00.000Z',
  listing_at: '2026-12-10T00:00:00.000Z',
  distribution_at: '2026-12-10T00:00:00.000Z',
  state: 'not_started',
  drawn: false,
  withdrawn: false,
  seed_hash: null,
};

export const calls = (api: ReturnType<typeof fakeApi>, url: string) => api.calls.filter((c) => c.url === url);

/** Opens the row `key` of the table named `table` and answers the detail pane. */
export async function openRow(table: string, key: string | number) {
  const user = userEvent.setup();
  const list = await screen.findByRole('table', { name: table });
  await user.click(within(list).getByRole('button', { name: `Open ${key}` }));
  const pane = await screen.findByRole('region', { name: 'Details' });
  return { user, pane };
}

/** Types `values` into the inputs labelled by the keys (clearing each first) of `scope`. */
export async function fill(
  user: ReturnType<typeof userEvent.setup>,
  scope: HTMLElement,
  values: Record<string, string>,
) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(scope).getByLabelText(label, { exact: true });
    if (input instanceof HTMLSelectElement) await user.selectOptions(input, value);
    else {
      await user.clear(input);
      if (value) await user.paste(value);
    }
  }
}
