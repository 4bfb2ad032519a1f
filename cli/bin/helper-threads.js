// V8 runs its optimizing compiler and parts of its garbage collector on helper threads: four of them
// whatever the machine (Node's default pool). Where they outnumber the spare cores they take turns with
// the one thread doing the command's work, which then runs slower: on two cores a self-crossing upload
// took 1.05 s, and 0.98 s with the helpers at the lowest priority (they still use every idle moment).
// Starting Node with --v8-pool-size=1 did better still (0.90 s), but a command cannot choose its own
// start-up flags without starting a second process.
// Not the lowest priority (nice 19), though: where other processes keep the cores busy, helpers at nice
// 19 hardly ever run, the optimizing compiler's work waits and the hot code runs unoptimized for longer.
// At load 3 on two cores, the 58 MB Modus file took 1.37-1.64 s with helpers at nice 19 against
// 0.94-1.04 s at nice 5 or 0, the valid 48 MB upload 1.15-1.40 s against 0.74-0.78 s; with a core
// free the three were within noise of each other. Nice 5 still puts the working thread first (a weight
// of 1024 against 335) when the helpers are all that competes with it.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The helpers' nice value. */
export const HELPER_NICE = 5;

/**
 * Lower the priority of the process's other threads (on Linux, where a thread's nice value is its own):
 * those that exist now are V8's helpers, Node's task scheduler and libuv's thread pool (Node's ES module
 * loader reads files through it before any of our code runs, so it is lowered too: the CLI reads its
 * input synchronously, see fileStream in cli/io/files.ts). Workers started later keep the normal
 * priority. Returns the thread ids changed (none elsewhere or on any error).
 * @returns {number[]}
 */
export function lowerHelperThreadPriority() {
  if (process.platform !== 'linux') return [];
  const changed = [];
  try {
    for (const name of readdirSync('/proc/self/task')) {
      const tid = Number(name);
      if (tid === process.pid) continue;
      try {
        setPriority(tid, HELPER_NICE);
        changed.push(tid);
      } catch {
        // the thread ended, or the system refuses: nothing lost
      }
    }
  } catch {
    // no /proc: nothing to do
  }
  return changed;
}
