/**
 * @jest-environment jsdom
 *
 * Warming the next screen: a list screen, once rendered, loads the screens it leads to at idle, one step per idle
 * period, once per page, never where the browser asks to save data; the route's lazy load reuses the warmed chunk.
 */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { TextDecoder, TextEncoder } from 'node:util';
import { once, runWarmPlan, warmAfterRender, type ScreenLoader } from './warm-screens';

/** An idle scheduler the test runs by hand. */
function manualIdle() {
  const queue: Array<() => void> = [];
  return {
    idle: (fn: () => void) => void queue.push(fn),
    pending: () => queue.length,
    /** Runs the idle callbacks queued so far and lets their promises settle. */
    async flush() {
      const now = queue.splice(0);
      for (const fn of now) fn();
      await act(async () => {
        for (let i = 0; i < 10; i += 1) await Promise.resolve();
      });
    },
  };
}

// react-router (imported by register.tsx, below) needs them; jsdom has neither.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const screenOf = (text: string): ComponentType =>
  function Named() {
    return <p>{text}</p>;
  };

afterEach(() => {
  Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
});

describe('once', () => {
  it('loads once for every caller and forgets a failure so the next call tries again', async () => {
    const load = jest
      .fn<ReturnType<ScreenLoader>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(screenOf('detail'));
    const loader = once(load);
    await expect(loader()).rejects.toThrow('offline');
    const [a, b] = await Promise.all([loader(), loader()]);
    expect(a).toBe(b);
    await loader();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('runWarmPlan', () => {
  it('runs each step in an idle period of its own, in order, and goes on past a failed step', async () => {
    const idle = manualIdle();
    const ran: string[] = [];
    const done = runWarmPlan(
      [
        async () => ran.push('screen'),
        async () => {
          ran.push('broken');
          throw new Error('chunk failed');
        },
        async () => ran.push('chart'),
      ],
      idle.idle,
    );
    expect(ran).toEqual([]);
    await idle.flush();
    expect(ran).toEqual(['screen']);
    await idle.flush();
    expect(ran).toEqual(['screen', 'broken']);
    await idle.flush();
    await done;
    expect(ran).toEqual(['screen', 'broken', 'chart']);
  });

  it('does nothing where the browser asks to save data', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    const idle = manualIdle();
    const step = jest.fn(async () => undefined);
    await runWarmPlan([step], idle.idle);
    expect(idle.pending()).toBe(0);
    expect(step).not.toHaveBeenCalled();
  });
});

describe('warmAfterRender', () => {
  it('warms the named screens, then the further steps, after the first render; once however often', async () => {
    const idle = manualIdle();
    const detail = jest.fn(async () => screenOf('detail'));
    const other = jest.fn(async () => screenOf('other'));
    const chart = jest.fn(async () => 'charts');
    const List = warmAfterRender(
      screenOf('list'),
      { screens: ['/detail', '/missing'], then: [chart] },
      { '/detail': detail, '/other': other },
      idle.idle,
    );
    const first = render(<List />);
    expect(screen.getByText('list')).toBeInTheDocument();
    expect(detail).not.toHaveBeenCalled();
    await idle.flush();
    expect(detail).toHaveBeenCalledTimes(1);
    expect(chart).not.toHaveBeenCalled();
    await idle.flush();
    expect(chart).toHaveBeenCalledTimes(1);
    first.unmount();
    render(<List />);
    await idle.flush();
    expect(idle.pending()).toBe(0);
    expect(detail).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });
});

describe('createRemoteRoutes with a warm plan', () => {
  afterEach(() => jest.useRealTimers());

  it("the detail's route, once the list warmed it, loads from the warm-up's promise, not again", async () => {
    const { createRemoteRoutes } = await import('./register');
    jest.useFakeTimers();
    const detail = jest.fn(async () => screenOf('detail'));
    const list = jest.fn(async () => screenOf('list'));
    const routes = createRemoteRoutes(
      'mf_test',
      { '/list': list, '/detail': detail },
      { '/list': { screens: ['/detail'] } },
    );
    const lazyOf = (path: string) =>
      (routes.find((r) => r.path === path)!.lazy as () => Promise<{ Component: ComponentType }>)();
    const { Component: List } = await lazyOf('/list');
    expect(List.displayName).toBe('Warmed(Named)');
    render(<List />);
    expect(detail).not.toHaveBeenCalled();
    // No requestIdleCallback in jsdom: the warm-up waits a second instead.
    await act(async () => {
      jest.advanceTimersByTime(1000);
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(detail).toHaveBeenCalledTimes(1);
    const { Component: Detail } = await lazyOf('/detail');
    render(<Detail />);
    expect(screen.getByText('detail')).toBeInTheDocument();
    expect(detail).toHaveBeenCalledTimes(1);
    // A screen without a plan is the screen itself.
    expect(Detail.displayName).toBeUndefined();
  });
});
