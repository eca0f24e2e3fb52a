/**
 * Gives the main thread back between steps of start-up work (input, paint), so no step of the
 * shell's start becomes one long task (docs/decisions/0011-first-paint-from-html.md):
 * `scheduler.yield()` where the browser has it, else a message-channel task (else a timer).
 */
interface SchedulerLike {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  // a message is a task without the 4 ms clamp of nested timers (React's scheduler does the same)
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
