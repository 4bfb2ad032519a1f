/**
 * Threads to check with when none is asked for (`--jobs`, the app's Settings), the same for every host: one
 * per core the process may use, where there are more than two. On two cores a worker beside the reading
 * thread made the 5,000-polygon upload slower, 0.69 s against 0.52 s on one thread (npm run bench --
 * field-upload, part c): the worker's start-up, a second heap and a second copy of the hot code compiled cost
 * more than the half of the boundaries it takes. Measured per thread (CPU of the worker's own thread):
 * loading its module takes 20–50 ms, its first 500 boundaries 140–260 ms (a fresh isolate compiles the
 * checks again) against 0.10–0.17 ms a boundary once warm, as on the reading thread; posting costs little
 * (65 KB a batch, 0.5 KB a reply). So on 5,000 boundaries the warm-up eats most of what the worker takes off
 * the reading thread, which still checks 60–75 % of them.
 */
export function defaultJobs(cores: number): number {
  return cores > 2 ? Math.floor(cores) : 1;
}
