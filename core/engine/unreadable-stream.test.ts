/**
 * A stream that cannot be opened or fails midway is one unreadable file: the report completes and the files
 * after it are checked.
 */
import { describe, expect, it } from 'vitest';
import type { StreamedFile } from '../input/file-kind.ts';
import { type EngineEvent } from './engine.ts';
import { fix, runEngine, validate } from './every-kind.ts';

const encoder = new TextEncoder();
const field =
  'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1267, -93.2650 45.1210))';
const good = { name: 'good.wkt', bytes: encoder.encode(`${field}\n`) };

/** A stream of `lines` that errors after `failAfter` of them (each a chunk). */
function failingStream(name: string, lines: string[], failAfter: number, size?: number): StreamedFile {
  return {
    name,
    ...(size !== undefined ? { size } : {}),
    open: () => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === failAfter) controller.error(new Error('EIO: i/o error, read'));
          else if (sent === lines.length) controller.close();
          else controller.enqueue(encoder.encode(lines[sent++]));
        },
      });
    },
  };
}

const cannotOpen: StreamedFile = {
  name: 'gone.wkt',
  open: () => {
    throw new Error("ENOENT: no such file or directory, open 'gone.wkt'");
  },
};

describe('engine: streams that fail', () => {
  it('lists a stream that cannot be opened as unreadable and checks the files after it', async () => {
    const report = await validate([cannotOpen, good]);
    expect(report.unreadable).toEqual([
      {
        name: 'gone.wkt',
        reason: "it could not be read: ENOENT: no such file or directory, open 'gone.wkt'",
      },
    ]);
    expect(report.files.map((f) => f.file)).toEqual(['good.wkt']);
    expect(report.outcome).not.toBe('cancelled');
  });

  it('lists a stream that fails after its head as unreadable (read whole)', async () => {
    const lines = Array.from({ length: 40 }, () => `${field}\n`.repeat(20));
    const broken = failingStream('midway.wkt', lines, 30);
    const report = await validate([broken, good]);
    expect(report.unreadable).toEqual([
      { name: 'midway.wkt', reason: 'it could not be read: EIO: i/o error, read' },
    ]);
    expect(report.files.map((f) => f.file)).toEqual(['good.wkt']);
  });

  it('lists a big file that fails while it streams as unreadable; ids stay unique after it', async () => {
    // A repeated point in each boundary: diagnostics are handed over before the failure.
    const repeated =
      'POLYGON((-93.2650 45.1210, -93.2570 45.1210, -93.2570 45.1210, -93.2570 45.1267, -93.2650 45.1210))\n';
    const broken = failingStream(
      'big.wkt',
      Array.from({ length: 200 }, () => repeated.repeat(20)),
      150,
      64 * 1024 * 1024,
    );
    const after = { name: 'after.wkt', bytes: encoder.encode(repeated) };
    const events: EngineEvent[] = [];
    for await (const e of runEngine([broken, after], { streamAbove: 1, keepDiagnostics: false }))
      events.push(e);
    const report = events.find((e) => e.type === 'report')!.report;
    expect(report.unreadable.map((u) => u.name)).toEqual(['big.wkt']);
    expect(report.files.map((f) => f.file)).toEqual(['after.wkt']);
    const ids = (file: string) =>
      events.flatMap((e) =>
        e.type === 'diagnostics' && e.file === file ? e.diagnostics.map((d) => d.id) : [],
      );
    expect(ids('big.wkt').length).toBeGreaterThan(0);
    expect(ids('after.wkt').length).toBeGreaterThan(0);
    expect(ids('big.wkt')).not.toContain(ids('after.wkt')[0]);
  });

  it('lists a file being fixed whose stream fails as unreadable, with no fixed bytes', async () => {
    const out = await fix(failingStream('midway.wkt', [`${field}\n`, `${field}\n`], 1), { safety: 'safe' });
    expect(out.bytes).toBeUndefined();
    expect(out.report.unreadable.map((u) => u.name)).toEqual(['midway.wkt']);
  });

  it('still throws what is not a failure to read (a bug is not an unreadable file)', async () => {
    const throwing: StreamedFile = {
      name: 'x.wkt',
      open: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(`${field}\n`));
            controller.close();
          },
        }),
    };
    await expect(validate([throwing], { kind: 'NOPE' })).rejects.toThrow('"NOPE" is not a kind');
  });
});
