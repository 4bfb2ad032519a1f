/**
 * What the big-batch browser checks share: a fields CSV of many rows, and the page's main-thread tasks from a
 * Chromium trace. Plain functions (no test runner), so `grid-million.bench.ts` uses them too.
 */

import type { Page } from 'playwright-core';

/**
 * A fields CSV of `rows` small rectangles on a grid of `perLine` a line from latitude `south`, one farm per
 * 2,000 rows; every 10,000th row has acres "n/a" (a known problem).
 */
export function gridFieldsCsv(rows: number, { perLine, south }: { perLine: number; south: number }): string {
  const lines = ['clientName,farmName,name,boundary,acres,source,userName'];
  for (let i = 0; i < rows; i++) {
    const x = -96 + (i % perLine) * 0.012;
    const y = south + Math.floor(i / perLine) * 0.006;
    const ring = [
      [x, y],
      [x + 0.01, y],
      [x + 0.01, y + 0.005],
      [x, y + 0.005],
      [x, y],
    ]
      .map(([a, b]) => `${a!.toFixed(5)} ${b!.toFixed(5)}`)
      .join(', ');
    const acres = i % 10_000 === 9_999 ? 'n/a' : '';
    lines.push(
      `Grower ${Math.floor(i / 2000)},Farm ${Math.floor(i / 2000)},Field ${i},"POLYGON ((${ring}))",${acres},survey,jsmith`,
    );
  }
  return `${lines.join('\n')}\n`;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The trace categories `mainThreadTasks` reads: the tasks (toplevel) and the collector's pauses in them
 * (MajorGC and MinorGC are in category v8).
 */
export const TASK_TRACE_CATEGORIES = ['toplevel', 'v8'];

/** A main-thread task: its wall and thread time (ms), and how much of the thread time was garbage collection. */
export interface MainThreadTask {
  wall: number;
  thread: number;
  gc: number;
}

/**
 * The renderers' main-thread tasks of a Chromium trace (categories `TASK_TRACE_CATEGORIES`). A task's `gc`
 * is the collector's pauses inside it: when Chromium collects is its own choice (the page's heap, the
 * machine's memory), so the tests hold the page's own work (`thread - gc`) to their limits and the pauses
 * to a looser one.
 */
export function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): MainThreadTask[] {
  const main = new Set(
    trace.traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`);
  const pauses = trace.traceEvents
    .filter((e) => (e.name === 'MajorGC' || e.name === 'MinorGC') && onMain(e))
    .sort((a, b) => a.ts - b.ts);
  return trace.traceEvents
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && onMain(e))
    .map((e) => {
      const end = e.ts + (e.dur ?? 0);
      let gc = 0;
      for (const p of pauses)
        if (p.ts >= e.ts && p.ts < end && p.pid === e.pid && p.tid === e.tid) gc += p.tdur ?? p.dur ?? 0;
      return { wall: (e.dur ?? 0) / 1000, thread: (e.tdur ?? e.dur ?? 0) / 1000, gc: gc / 1000 };
    });
}

/** The longest task by the page's own work (thread time less collection), and the longest collection. */
export function worstTasks(tasks: readonly MainThreadTask[]): { work: number; gc: number; thread: number } {
  return {
    work: Math.max(0, ...tasks.map((t) => t.thread - t.gc)),
    gc: Math.max(0, ...tasks.map((t) => t.gc)),
    thread: Math.max(0, ...tasks.map((t) => t.thread)),
  };
}

/** Tasks over 20 ms wall, for a failed check's message: wall/thread ms, and the collection's share. */
export function describeTasks(tasks: readonly MainThreadTask[]): string {
  return `tasks over 20 ms (wall/thread ms, +gc): ${tasks
    .filter((t) => t.wall > 20)
    .map(
      (t) => `${Math.round(t.wall)}/${Math.round(t.thread)}${t.gc >= 1 ? ` (gc ${Math.round(t.gc)})` : ''}`,
    )
    .join(', ')}`;
}

/**
 * A full collection of the page's heap (DevTools protocol), so that what an earlier step left behind is not
 * collected inside the next step's measurement.
 */
export async function collectGarbage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
}
