/**
 * Threads to check with when none is asked for (`--jobs`, the app's Settings), the same rule for every host:
 * one per core the process may use, where there are more than two. On two cores a worker beside the reading
 * thread costs more CPU than it takes off it. Measured on the 48 MB upload of 5,000 valid polygons, CPU of
 * every thread (/proc), runs in one process, the two cores shared with other work: one thread 0.42–0.48 s
 * a run; two threads with a fresh worker each run 0.77–0.79 s; two threads with a worker kept warm from an
 * earlier run (long-lived-pool.ts) 0.50–0.62 s. So a fresh worker costs about 0.25 s before it pays (its
 * start-up, 40 ms; its module, the land mask and the checks compiled and warmed up again in a new isolate,
 * partly on V8's compiler threads), and the handover itself 0.1–0.2 s per 5,000 boundaries (a second heap;
 * a message round trip costs 16 µs and cloning WKT 0.7 ms a MB). The command line checks one file per
 * process, so it pays the start-up every time: on two cores it stays on one thread unless told otherwise.
 */
export function defaultJobs(cores: number): number {
  return cores > 2 ? Math.floor(cores) : 1;
}
