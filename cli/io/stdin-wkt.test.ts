import { describe, expect, it } from 'vitest';
import { bytesToStream, validate, type StreamedFile } from '../../core/index.ts';
import { stdinSource } from './files.ts';

describe('standard input of WKT lines streamed, then a line that is not WKT', () => {
  it('gives the diagnostics of its bytes without reading standard input a third time', async () => {
    const lines = Array.from(
      { length: 3000 },
      (_, i) => `POLYGON ((${i} 0, ${i + 1} 0, ${i + 1} 1, ${i} 0))`,
    );
    const bytes = new TextEncoder().encode(`${lines.join('\n')}\n# not WKT\n`);
    // Over the engine's 64 kB detection head; beyond 100 bytes standard input is streamed (16 MB in the CLI).
    const source = (await stdinSource(bytesToStream(bytes, 4096), 100)) as StreamedFile;
    const streamed = await validate([source], { streamAbove: 0 });
    const whole = await validate([{ name: '<stdin>', bytes }]);
    expect(streamed.unreadable).toEqual([]);
    expect(
      streamed.files[0]?.diagnostics.map((d) => [d.code, d.message, d.location.range?.start.line]),
    ).toEqual(whole.files[0]?.diagnostics.map((d) => [d.code, d.message, d.location.range?.start.line]));
    // One boundary per line (the first two lines decide it): the line that is not WKT has its own error.
    const syntax = whole.files[0]?.diagnostics.filter((d) => d.code === 'WKT001');
    expect(syntax?.map((d) => d.location.row)).toEqual([3001]);
  });
});
