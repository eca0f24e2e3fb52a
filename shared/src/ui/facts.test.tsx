/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { Facts } from './facts';

describe('Facts', () => {
  it('renders each item as a dt/dd pair inside one dl', () => {
    const { container } = render(
      <Facts
        items={[
          { label: 'Amount', value: '1,000' },
          { label: 'Units', value: <b>2.5</b> },
        ]}
      />,
    );
    expect(container.querySelectorAll('dl')).toHaveLength(1);
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Amount', 'Units']);
    expect(screen.getByText('2.5').closest('dd')).toBeInTheDocument();
  });

  it('lets a wide item span both columns', () => {
    render(
      <Facts
        items={[
          { label: 'Window', value: '1–3 Dec', wide: true },
          { label: 'Cap', value: '100' },
        ]}
      />,
    );
    expect(screen.getByText('Window').parentElement).toHaveClass('fact', 'wide');
    expect(screen.getByText('Cap').parentElement).not.toHaveClass('wide');
  });
});
