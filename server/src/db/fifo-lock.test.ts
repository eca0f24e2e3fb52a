import { FifoLock } from './fifo-lock';

describe('FifoLock', () => {
  it('runs work one at a time in arrival order', async () => {
    const lock = new FifoLock();
    const events: string[] = [];
    const job = (name: string, ms: number) =>
      lock.run(async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`end ${name}`);
        return name;
      });
    expect(await Promise.all([job('a', 20), job('b', 1), job('c', 5)])).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps going after a failed job', async () => {
    const lock = new FifoLock();
    await expect(lock.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run(async () => 'next')).toBe('next');
  });

  it('yields to the event loop before each job, so timers are not starved by a queue', async () => {
    const lock = new FifoLock();
    let timerRan = false;
    setImmediate(() => (timerRan = true));
    const seen: boolean[] = [];
    await Promise.all(Array.from({ length: 3 }, () => lock.run(async () => void seen.push(timerRan))));
    expect(seen).toEqual([true, true, true]);
  });
});
