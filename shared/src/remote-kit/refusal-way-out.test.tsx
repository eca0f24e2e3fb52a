/**
 * @jest-environment jsdom
 *
 * The common way out (COMMON_WAY_OUT): a remote with no entry of its own for a refusal still shows the common
 * link and texts, in every language; the remote's own entry and texts win.
 */
import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { TextDecoder, TextEncoder } from 'node:util';
import type { ApiError } from 'shared/api';
import type { RefusalProps } from './refusal';

// react-router (imported by the refusal and shared/test-utils, loaded in beforeAll) needs them; jsdom has neither.
Object.assign(globalThis, { TextEncoder, TextDecoder });
let renderWithHost: typeof import('shared/test-utils').renderWithHost;
let Bare: ComponentType<RefusalProps>;
let Own: ComponentType<RefusalProps>;
beforeAll(async () => {
  ({ renderWithHost } = await import('shared/test-utils'));
  const { createRefusal } = await import('./refusal');
  const useHost = () => ({ openCustomerService: () => undefined });
  Bare = createRefusal({ namespace: 'bare', keyPrefix: 'wayOut', wayOut: {}, useHost });
  Own = createRefusal({
    namespace: 'own',
    keyPrefix: 'wayOut',
    wayOut: { insufficient_balance: { to: '/home/own' } },
    useHost,
  });
});
const refusal = (msg: string): ApiError => ({ status: 400, msg }) as ApiError;
const language = { 'zh-CN': 'cn', en: 'us', ja: 'jp' } as const;

const EXPECTED = {
  'zh-CN': { action: '去充值', hint: '请先充值，或减少金额。', service: '联系客服' },
  en: { action: 'Deposit', hint: 'Deposit first, or lower the amount.', service: 'Contact customer service' },
  ja: { action: '入金する', hint: '入金するか、金額を減らしてください。', service: 'カスタマーサービスに連絡' },
} as const;

describe('createRefusal with the common way out', () => {
  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)(
    'shows the deposit way out of insufficient_balance in %s for a remote without an entry',
    (tag) => {
      renderWithHost(<Bare error={refusal('insufficient_balance')} />, {
        session: { language: language[tag] },
        namespace: { name: 'bare', resources: { [tag]: {} } },
      });
      const link = screen.getByRole('link', { name: EXPECTED[tag].action });
      expect(link).toHaveAttribute('href', '/mine/stored');
      expect(screen.getByText(EXPECTED[tag].hint)).toBeInTheDocument();
      expect(screen.getByRole('alert').textContent).not.toMatch(/wayOut|insufficient_balance/);
    },
  );

  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)(
    'offers customer service for a frozen account in %s',
    (tag) => {
      renderWithHost(<Bare error={refusal('account_frozen')} />, { session: { language: language[tag] } });
      expect(screen.getByRole('button', { name: EXPECTED[tag].service })).toBeInTheDocument();
    },
  );

  it("prefers the remote's own entry and texts", () => {
    renderWithHost(<Own error={refusal('insufficient_balance')} />, {
      session: { language: 'us' },
      namespace: {
        name: 'own',
        resources: { en: { wayOut: { insufficient_balance: { text: 'Own hint', action: 'Own action' } } } },
      },
    });
    expect(screen.getByRole('link', { name: 'Own action' })).toHaveAttribute('href', '/home/own');
    expect(screen.getByText('Own hint')).toBeInTheDocument();
    expect(screen.queryByText('Deposit first, or lower the amount.')).not.toBeInTheDocument();
  });
});
