/**
 * What the big-batch browser checks share: a fields CSV of many rows, and the page's main-thread tasks from a
 * Chromium trace. Plain functions (no test runner), so `grid-million.bench.ts` uses them too.
 */

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
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The renderers' main-thread tasks of a Chromium trace (category toplevel): wall and thread time (ms) of each. */
export function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): { wall: number; thread: number }[] {
  const main = new Set(
    trace.traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return trace.traceEvents
    .filter(
      (e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`),
    )
    .map((e) => ({ wall: (e.dur ?? 0) / 1000, thread: (e.tdur ?? e.dur ?? 0) / 1000 }));
}
