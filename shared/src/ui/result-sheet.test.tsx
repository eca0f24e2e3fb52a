/**
 * @jest-environment jsdom
 *
 * The result sheet of a money action: the server's figures as rows, "Done" (translated) closes it, Escape too, the
 * "where to see it" action runs, and focus returns to the opener when it closes.
 */
import '../test-utils/setup-dom';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMiniHost, fakeApi, renderWithHost } from '../test-utils';
import type { Language } from '../mf';
import { ResultSheet } from './result-sheet';

function Harness({ onNext }: { onNext: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        withdraw
      </button>
      <ResultSheet
        open={open}
        tone="pending"
        title="Withdrawal submitted"
        rows={[
          { id: 'amount', label: 'Amount', value: '1,500,000 JPY' },
          { id: 'id', label: 'Number', value: '42' },
        ]}
        next={{ label: 'See fund records', onClick: onNext }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function renderSheet(language: Language) {
  const onNext = jest.fn();
  const host = createMiniHost({ adapter: fakeApi({}), session: { language, market: 'jpy', token: 't' } });
  renderWithHost(<Harness onNext={onNext} />, { host });
  return { onNext };
}

describe('ResultSheet', () => {
  it('shows the figures, runs the next action, and closes with Done, giving focus back', async () => {
    const { onNext } = renderSheet('us');
    const opener = screen.getByRole('button', { name: 'withdraw' });
    await userEvent.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Withdrawal submitted' });
    expect(sheet).toHaveTextContent('Amount1,500,000 JPY');
    expect(sheet).toHaveTextContent('Number42');
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'See fund records' }));
    expect(onNext).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each([
    ['cn', '完成'],
    ['jp', '閉じる'],
  ] as const)('labels Done in %s and closes on Escape', async (language, done) => {
    renderSheet(language);
    await userEvent.click(screen.getByRole('button', { name: 'withdraw' }));
    expect(screen.getByRole('button', { name: done })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
