/**
 * The sheet paints before its body (issue 15, INP): the tap's update commits the sheet (title, close button,
 * placeholder lines) and the body (the trade form) renders after that commit, in a transition. A probe in the body
 * records whether the sheet was already in the document when the body first rendered: in one update it is not.
 */
import { screen } from '@testing-library/react';
import { renderInRemote } from '#testing';
import { Sheet } from './sheet';

function Probe({ seen }: { seen: boolean[] }) {
  seen.push(document.querySelector('[role="dialog"]') !== null);
  return <p>order form</p>;
}

it('commits the sheet first and renders its form after that, then drops the placeholder', async () => {
  const seen: boolean[] = [];
  await renderInRemote(
    <Sheet title="Trade" onClose={() => undefined}>
      <Probe seen={seen} />
    </Sheet>,
  );
  expect(await screen.findByText('order form')).toBeInTheDocument();
  expect(seen[0]).toBe(true);
  const sheet = screen.getByRole('dialog', { name: 'Trade' });
  expect(sheet.querySelector('[aria-busy="true"]')).toBeNull();
});
