/**
 * The trade sheet paints before its form (issue 15, INP): the tap's update commits the sheet (title, close button,
 * placeholder lines) and the form renders after that commit, in a transition. A probe in the sheet's body records
 * whether the sheet was already in the document when the body first rendered: in one update with the sheet it is not.
 */
import { screen } from '@testing-library/react';
import { renderInRemote } from '#testing';
import { TradeSheet } from './trade-sheet';

function Probe({ seen }: { seen: boolean[] }) {
  seen.push(document.querySelector('[role="dialog"]') !== null);
  return <p>order form</p>;
}

it('commits the sheet first and renders its form after that, then drops the placeholder', async () => {
  const seen: boolean[] = [];
  await renderInRemote(
    <TradeSheet title="Trade" onClose={() => undefined}>
      <Probe seen={seen} />
    </TradeSheet>,
  );
  expect(await screen.findByText('order form')).toBeInTheDocument();
  expect(seen[0]).toBe(true);
  const sheet = screen.getByRole('dialog', { name: 'Trade' });
  expect(sheet.querySelector('[aria-busy="true"]')).toBeNull();
});
