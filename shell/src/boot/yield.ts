/**
 * Gives the main thread back between steps of start-up work (input, paint), so no step of the
 * shell's start becomes one long task (docs/decisions/0011-first-paint-from-html.md):
 * `scheduler.yield()` where the browser has it, else a macrotask.
 */
interface SchedulerLike {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
