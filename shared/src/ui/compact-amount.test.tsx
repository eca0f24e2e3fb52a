/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompactAmount } from './compact-amount';

describe('CompactAmount', () => {
  it('shows a large figure shortened by language and the full figure on tap, named by the full figure', async () => {
    const user = userEvent.setup();
    render(<CompactAmount value="13024259500.00" language="cn" full="13,024,259,500.00" unit="JPY" />);
    const button = screen.getByRole('button', { name: '13,024,259,500.00 JPY' });
    expect(button).toHaveTextContent('130.24亿 JPY');
    await user.click(button);
    expect(button).toHaveTextContent('13,024,259,500.00 JPY');
    await user.click(button);
    expect(button).toHaveTextContent('130.24亿 JPY');
  });

  it('uses 億 in Japanese and B in English', () => {
    render(
      <>
        <CompactAmount value="13024259500.00" language="jp" full="13,024,259,500.00" />
        <CompactAmount value="123456789" language="us" full="123,456,789" />
      </>,
    );
    expect(screen.getByRole('button', { name: '13,024,259,500.00' })).toHaveTextContent('130.24億');
    expect(screen.getByRole('button', { name: '123,456,789' })).toHaveTextContent('123.46M');
  });

  it('shows a figure below 10,000 in full, as text', () => {
    render(<CompactAmount value="9999.00" language="us" full="9,999.00" unit="USD" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('9,999.00')).toBeInTheDocument();
  });
});
