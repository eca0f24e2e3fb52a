/**
 * What the machine charges for touching memory again after a pause: printed next to the load average, because it
 * decides what once-a-second work costs (bench/MEASUREMENTS.md, "Memory touched again after a pause").
 *
 * On the VMs these benches run on (Firecracker, nested paging), reading or writing a 4 KB page that was last touched
 * about a second ago costs some 13 µs (a page-table fault taken by the host), against 0.1 µs a millisecond later;
 * memory on 2 MB pages does not pay it. A server's work done once a second (the simulator's step, the fan-out's
 * frames) therefore costs about ten times its back-to-back time there, and more the more distinct pages it touches,
 * while a loop over one buffer (the bare `ws` floor's single frame) hardly pays it. On a machine without that cost the
 * three figures below are close to one another.
 */

import { median } from './stats.cjs';

const PAGE = 4096;
/** What the reads add up to, kept so that they are not optimized away. */
let sink = 0;

/** Median µs per 4 KB page to read one byte of each of `pages` pages, `gapMs` after they were last touched. */
async function touchCost(memory, gapMs, rounds) {
  const times = [];
  for (let r = 0; r < rounds; r += 1) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    const started = performance.now();
    for (let i = 0; i < memory.length; i += PAGE) sink += memory[i];
    times.push(performance.now() - started);
  }
  return (median(times) * 1000) / (memory.length / PAGE);
}

/**
 * µs per 4 KB page touched again after 1 ms, 100 ms and 1 s (median of 3 rounds each, 4,096 pages: about 3.5 s,
 * nearly all of it the pauses).
 */
export async function pageTouchCost(pages = 4096) {
  const memory = new Uint8Array(pages * PAGE);
  for (let i = 0; i < memory.length; i += PAGE) memory[i] = 1;
  const after1ms = await touchCost(memory, 1, 3);
  const after100ms = await touchCost(memory, 100, 3);
  const after1s = await touchCost(memory, 1000, 3);
  return { after1ms, after100ms, after1s, sink };
}

/** One line for a bench's header. */
export async function pageTouchLine() {
  const cost = await pageTouchCost();
  const us = (v) => v.toFixed(2);
  return (
    `Memory touched again after a pause (µs per 4 KB page): ${us(cost.after1s)} after 1 s, ` +
    `${us(cost.after100ms)} after 100 ms, ${us(cost.after1ms)} after 1 ms ` +
    '(where the first is far above the last, work done once a second costs several times its back-to-back time)'
  );
}
