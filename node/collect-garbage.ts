/**
 * A full garbage collection, now: for ValidateOptions.releaseMemory. A kind calls it at the one moment a
 * big buffer it let go of would otherwise stay until the heap grows past it (a 192 MB one-line WKT: its
 * decoded pieces, joined, were collected only while the parse allocated as much again, and the peak was
 * 555 MB instead of 502). V8 gives its collector to code only when asked: the flag is set once, and a
 * new context's `gc` is the collector of the whole isolate.
 */
import { createRequire } from 'node:module';
import type * as V8 from 'node:v8';
import type * as Vm from 'node:vm';

let collect: (() => void) | undefined;

export function collectGarbage(): void {
  if (!collect) {
    // Loaded on the first call, not with the command line (a few milliseconds of every start).
    const require = createRequire(import.meta.url);
    const v8 = require('node:v8') as typeof V8;
    const vm = require('node:vm') as typeof Vm;
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}
