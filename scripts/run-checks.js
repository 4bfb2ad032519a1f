#!/usr/bin/env node
// `npm test`'s first step: the type check, the lint and the format check, side by side. Each is one
// process that uses one core for 10–12 s; one after another they took about 40 s of the suite's 6 minutes.
// Each one's output is printed whole when it ends, under its name, so lines of two never mix; the step
// fails when any fails, after all have ended.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint', 'format:check'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run NAME`, its stdout and stderr kept together in the order they came. */
function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${error.message}\n`, seconds: 0 }));
    child.on('close', (code) =>
      resolve({
        name,
        code: code ?? 1,
        output: Buffer.concat(output).toString('utf8'),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

const pending = checks.map(async (name) => {
  const result = await run(name);
  const verdict = result.code === 0 ? 'passed' : `failed (exit ${result.code})`;
  process.stdout.write(`\n> ${name}: ${verdict} in ${result.seconds.toFixed(1)} s\n${result.output}`);
  return result;
});
const failed = (await Promise.all(pending)).filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`\nchecks failed: ${failed.map((result) => result.name).join(', ')}`);
  process.exit(1);
}
