import { screen, waitFor, within } from '@testing-library/react';
import type { OrderPreview } from 'shared/contract';

/**
 * An answer of /trade/preview as the server gives it (contract areas/trade-preview.ts): by default a 1× market buy
 * of 100 Toyota at 2,950.50 JPY that fills now (margin 295,050 frozen, fee 148 paid now).
 */
export function orderPreview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    currency: 'JPY',
    pending: false,
    basis: 'fill',
    hold_price: '2950.5',
    reference: '2950.5',
    buffer: null,
    quantity: '100',
    leverage: 1,
    margin: '295050',
    fee: '148',
    frozen: '295050',
    fee_paid: '148',
    total: '295198',
    available: '1000000',
    sufficient: true,
    ...overrides,
  };
}

/**
 * The open order confirmation's place button once it can be pressed: it stays disabled until /trade/preview has
 * answered what the order freezes.
 */
export async function readyToPlace(name = 'Place buy order'): Promise<HTMLElement> {
  const button = within(await screen.findByRole('alertdialog')).getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
