import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createStartupStore } from './startup-state';
import { StartupScreen } from './startup-screen';

const t = (key: string) => key;

/**
 * index.html paints the start-up screen pre-rendered at build time (every step pending); the boot hydrates it. Stage 2
 * (its files preloaded) can move the store on before the hydrating render: the painted nodes must stay, or React throws
 * them away and renders the screen afresh (a new largest paint, a longer task).
 */
describe('hydrating the pre-rendered start-up screen', () => {
  it('keeps the painted nodes when the store has moved on, then shows the current step', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<StartupScreen store={createStartupStore()} t={t} leaving={false} />);
    document.body.appendChild(container);
    const painted = container.querySelector('.sh-startup__current');
    expect(painted?.textContent).toBe('startup.starting');

    const store = createStartupStore();
    store.step('starting', 'done');
    store.step('version', 'done');
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <StartupScreen store={store} t={t} leaving={false} />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    expect(container.querySelector('.sh-startup__current')).toBe(painted);
    expect(painted?.textContent).toBe('startup.quote');
    expect(container.querySelector('[data-step="version"]')?.getAttribute('data-status')).toBe('done');
    container.remove();
  });
});
