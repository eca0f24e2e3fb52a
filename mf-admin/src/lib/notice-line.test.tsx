import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NoticeLine } from './notice-line';

describe('NoticeLine', () => {
  it('shows a success as a status line without a link', () => {
    render(<NoticeLine notice={{ tone: 'success', text: 'Saved.' }} />, { wrapper: MemoryRouter });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^Saved\.$/);
    expect(status).toHaveClass('noticeOk');
    expect(within(status).queryByRole('link')).toBeNull();
  });

  it('shows a refusal in its tone with its way on, set off from the text', () => {
    const link = { to: '/admin/approvals?id=12', label: 'Open the approvals' };
    render(<NoticeLine notice={{ tone: 'danger', text: 'Waits (request 12).', link }} />, { wrapper: MemoryRouter });
    const status = screen.getByRole('status');
    expect(status).toHaveClass('noticeError');
    expect(status.textContent).toBe('Waits (request 12). Open the approvals');
    expect(within(status).getByRole('link', { name: 'Open the approvals' })).toHaveAttribute(
      'href',
      '/admin/approvals?id=12',
    );
  });
});
