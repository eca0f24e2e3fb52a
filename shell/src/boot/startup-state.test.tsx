import { act, render, screen } from '@testing-library/react';
import { createStartupStore, useStartup, type StartupStore } from './startup-state';

function Steps({ store }: { store: StartupStore }) {
  const { steps, failed } = useStartup(store);
  return (
    <p>
      {steps.starting}/{steps.version}/{failed ? 'failed' : 'ok'}
    </p>
  );
}

describe('useStartup', () => {
  it('shows every later change of the store', async () => {
    const store = createStartupStore();
    render(<Steps store={store} />);
    expect(screen.getByText('pending/pending/ok')).toBeTruthy();
    await act(async () => store.step('starting', 'done'));
    expect(screen.getByText('done/pending/ok')).toBeTruthy();
    await act(async () => store.fail());
    expect(screen.getByText('done/pending/failed')).toBeTruthy();
  });

  it('shows a change made between its render and its subscription', async () => {
    const store = createStartupStore();
    const Changer = () => {
      // runs in the same commit, before Steps' effect subscribes (children's effects run first)
      store.step('version', 'done');
      return null;
    };
    await act(async () => {
      render(
        <>
          <Steps store={store} />
          <Changer />
        </>,
      );
    });
    expect(screen.getByText('pending/done/ok')).toBeTruthy();
  });
});
