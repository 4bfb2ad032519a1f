/**
 * Big Modus result files for benchmarks and tests: a template file's samples repeated `count` times, each
 * numbered anew (SampleNumber i + 1), written a sample at a time (never the whole file in memory).
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** `edit`: changes sample i after its numbering (a repeated number, a bad value), for files with problems. */
export function writeModusResult(
  path: string,
  template: string,
  count: number,
  edit: (sample: string, i: number) => string = (sample) => sample,
): void {
  const first = template.indexOf('<SoilSample>');
  const last = template.lastIndexOf('</SoilSample>') + '</SoilSample>'.length;
  const samples = template.slice(first, last).match(/<SoilSample>[\s\S]*?<\/SoilSample>/g) ?? [];
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, template.slice(0, first));
    for (let i = 0; i < count; i++) {
      const sample = (samples[i % samples.length] ?? '').replace(
        /<SampleNumber>[^<]*<\/SampleNumber>/,
        `<SampleNumber>${i + 1}</SampleNumber>`,
      );
      writeSync(fd, `${edit(sample, i)}\n`);
    }
    writeSync(fd, template.slice(last));
  } finally {
    closeSync(fd);
  }
}
