/**
 * Warming the next screen: a list screen (quotes, watchlist, dashboard) whose rows lead to a detail screen fetches
 * and evaluates that screen's chunks while the investor reads the list, so the tap renders the detail at once
 * instead of waiting for a wave of chunks (issue 15: warm navigation from the quotes list). The work starts only
 * after the list has rendered, at idle, one step per idle period, once per page; it is skipped where the browser asks
 * to save data. A failed warm-up is forgotten: the route's own lazy load tries again on the tap and shows its error.
 */
import { createElement, useEffect, type ComponentType } from 'react';

/** Loads one screen component (a dynamic import: one chunk per screen). */
export type ScreenLoader = () => Promise<ComponentType>;

/** What a screen warms at idle: other screens (by path) and further work after them (a chart library). */
export interface WarmPlan {
  screens: readonly string[];
  /** Run after the screens' chunks, each in its own idle period (e.g. evaluating a chart library). */
  then?: ReadonlyArray<() => Promise<unknown>>;
}

type Idle = (fn: () => void) => void;

interface IdleWindow {
  requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => number;
  navigator?: { connection?: { saveData?: boolean } };
}

/** The browser's idle callback (with a deadline so a busy page still warms), else a timeout. */
export const whenIdle: Idle = (fn) => {
  const win = globalThis as unknown as IdleWindow;
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(fn, { timeout: 4000 });
  else setTimeout(fn, 1000);
};

const saveData = () => (globalThis as unknown as IdleWindow).navigator?.connection?.saveData === true;

/** A loader that loads once: the route's lazy load and the warm-up share one promise (forgotten if it fails). */
export function once(load: ScreenLoader): ScreenLoader {
  let pending: Promise<ComponentType> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Runs the plan's steps one after another, each in its own idle period; answers when all ran (failures skipped).
 * `done` remembers what already ran on this page, so a screen shown again does not repeat it.
 */
export async function runWarmPlan(steps: ReadonlyArray<() => Promise<unknown>>, idle: Idle = whenIdle): Promise<void> {
  if (saveData()) return;
  for (const step of steps) {
    await new Promise<void>((resolve) => idle(resolve));
    await step().catch(() => undefined);
  }
}

/**
 * Wraps a screen so that, once it has rendered, the screens of `plan` are warmed at idle (once per page).
 * `loaders` are the remote's (once-wrapped) screen loaders by path.
 */
export function warmAfterRender(
  Screen: ComponentType,
  plan: WarmPlan,
  loaders: Record<string, ScreenLoader>,
  idle: Idle = whenIdle,
): ComponentType {
  let started = false;
  const steps = [...plan.screens.flatMap((path) => (loaders[path] ? [loaders[path]] : [])), ...(plan.then ?? [])];
  function Warmed() {
    useEffect(() => {
      if (started) return;
      started = true;
      void runWarmPlan(steps, idle);
    }, []);
    return createElement(Screen);
  }
  Warmed.displayName = `Warmed(${Screen.displayName ?? Screen.name ?? 'Screen'})`;
  return Warmed;
}
