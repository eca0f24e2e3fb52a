import { renderRemote } from '#testing';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, ok } from 'shared/test-utils';

/** The receiving accounts with CNY listed first: the order must not pick the form's currency. */
const CHANNELS = {
  channels: [
    {
      id: 'cn-boc',
      currency: 'CNY',
      account_name: 'Kabu Securities',
      account_type: null,
      account_number: '6217 0000 1234 5678 901',
      bank: 'Bank of China',
      branch: 'Shanghai',
    },
    {
      id: 'jp-mufg',
      currency: 'JPY',
      account_name: 'Kabu Shoken K.K.',
      account_type: 'ordinary',
      account_number: '1234567',
      bank: 'MUFG Bank (0005)',
      branch: 'Head Office (001)',
    },
  ],
  max: '500000',
  hours: '00:00-23:59',
};

describe('deposit form currency', () => {
  // The session's market is the one the quotes tab showed last; a look at China's quotes must not
  // turn a yen account's deposit into CNY (the field the issue reported).
  it.each(['jpy', 'cny', 'usd'] as const)(
    'starts in JPY, the account currency, with the session market %s',
    async (market) => {
      const api = fakeApi({ '/funds/channels': ok(CHANNELS), '/funds/deposits': ok([]) });
      await renderRemote('/mine/deposit', { adapter: api, session: { language: 'us', market, token: 't' } });
      await screen.findByRole('option', { name: 'MUFG Bank (0005) · Ordinary 1234567' });
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('JPY');
      await waitFor(() => expect(screen.getByLabelText('Amount (JPY)')).toBeInTheDocument());
    },
  );
});
