/**
 * Threads to check with when none is asked for (`--jobs`, the app's Settings), the same rule for every host:
 * one per core the process may use, where there are more than two. On two cores a worker beside the reading
 * thread costs more CPU than it takes off it, unless it is kept warm between files. Measured on the 48 MB
 * upload of 5,000 valid polygons, files after the first in one process (the library, best of 5, load 3.5 on
 * the two cores; CPU of every thread): one thread 0.37 s, 0.40 s of CPU; two threads with a fresh worker
 * each file 0.38–0.42 s, 0.71–0.79 s of CPU; two threads with a worker kept from the file before
 * (long-lived-pool.ts) 0.24 s, 0.46 s of CPU. So a fresh worker costs about 0.3 s of CPU before it pays (its
 * start-up, 40 ms; its module, the land mask and the checks compiled and warmed up again in a new isolate,
 * partly on V8's compiler threads), the handover itself about 0.06 s per 5,000 boundaries (a second heap; a
 * message round trip costs 16 µs, cloning WKT 0.7 ms a MB). The command line checks one file per process and
 * pays the start-up every time (the whole process: 0.56 s on one thread, 0.64 s on two, 0.74 s and 1.10 s of
 * CPU), so on two cores it stays on one thread unless told otherwise.
 */
export function defaultJobs(cores: number): number {
  return cores > 2 ? Math.floor(cores) : 1;
}
