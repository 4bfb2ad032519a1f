import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const helper = fileURLToPath(new URL('./helper-threads.js', import.meta.url));
const bin = fileURLToPath(new URL('./fieldgate.js', import.meta.url));
const cleanUpload = fileURLToPath(new URL('../../examples/fields/clean-fields.json', import.meta.url));

/** Code that writes the nice value of the main thread and of every other thread, as JSON, to stderr. */
const REPORT_NICE = `
  const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
  const others = readdirSync('/proc/self/task').filter((t) => Number(t) !== process.pid);
  process.stderr.write('NICE ' + JSON.stringify({ main: nice(process.pid), others: others.map(nice) }) + '\\n');
`;

interface Nice {
  main: number;
  others: number[];
}

function niceFrom(stderr: string): Nice {
  const line = stderr.split('\n').find((l) => l.startsWith('NICE '));
  expect(line, stderr).toBeDefined();
  return JSON.parse((line as string).slice(5)) as Nice;
}

/**
 * Lowered, and not to the lowest priority (nice 19): where other processes keep the cores busy, helpers at
 * nice 19 hardly run and the optimizing compiler's work waits (see helper-threads.js).
 */
const lowered = (n: number, main: number): boolean => n > main && n < 19;

describe.runIf(process.platform === 'linux')('helper threads at a lower priority (Linux)', () => {
  it('lowers every other thread of the process below the main thread, not to the lowest priority', () => {
    const script = `
      import { readdirSync, readFileSync } from 'node:fs';
      const before = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[16]);
      const { lowerHelperThreadPriority } = await import(${JSON.stringify(helper)});
      const changed = lowerHelperThreadPriority();
      process.stderr.write('CHANGED ' + JSON.stringify({ before, changed, pid: process.pid }) + '\\n');
      ${REPORT_NICE}
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const changedLine = r.stderr.split('\n').find((l) => l.startsWith('CHANGED ')) as string;
    const { before, changed, pid } = JSON.parse(changedLine.slice(8)) as {
      before: number;
      changed: number[];
      pid: number;
    };
    // V8's helper threads exist from the start: there is something to lower.
    expect(changed.length).toBeGreaterThan(0);
    expect(changed).not.toContain(pid);
    const { main, others } = niceFrom(r.stderr);
    expect(main).toBe(before);
    expect(others.filter((n) => lowered(n, main)).length).toBeGreaterThanOrEqual(changed.length);
  });

  it('is done by the commands that compute a report, not by the others', () => {
    // The bin runs the command in its own process: a preloaded module reports the nice values at exit.
    const hook = `import { readdirSync, readFileSync } from 'node:fs'; process.on('exit', () => { ${REPORT_NICE} });`;
    const run = (args: string[]): Nice => {
      const r = spawnSync(
        process.execPath,
        ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, bin, ...args],
        { encoding: 'utf8' },
      );
      return niceFrom(r.stderr);
    };
    const validating = run(['validate', '--format', 'json', cleanUpload]);
    expect(validating.others.filter((n) => lowered(n, validating.main)).length).toBeGreaterThan(0);
    expect(validating.others.filter((n) => n === 19)).toEqual([]);
    const help = run(['help']);
    expect(help.others.every((n) => n === help.main)).toBe(true);
  });
});
