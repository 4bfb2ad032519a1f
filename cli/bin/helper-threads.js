// V8 runs its optimizing compiler and parts of its garbage collector on helper threads: four of them
// whatever the machine (Node's default pool). Where they outnumber the spare cores they take turns with
// the one thread doing the command's work, which then runs slower: on two cores a self-crossing upload
// took 1.05 s, and 0.98 s with the helpers at the lowest priority (they still use every idle moment).
// Starting Node with --v8-pool-size=1 did better still (0.90 s), but a command cannot choose its own
// start-up flags without starting a second process.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The lowest priority (nice 19). */
const LOWEST = 19;

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
        setPriority(tid, LOWEST);
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
