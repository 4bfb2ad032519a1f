import { describe, expect, it } from 'vitest';
import { detectKind } from './detect-kind.ts';
import {
  extensionOf,
  notTextReason,
  VALIDATES_ONLY,
  type FileKind,
  type InputFile,
} from '../input/file-kind.ts';

/** A kind that scores `content` when the bytes start with `magic`, and `named` for its extension. */
function kind(id: string, magic: string, content: number, ext: string, named: number): FileKind {
  return {
    id,
    title: id,
    can: VALIDATES_ONLY,
    detect(file: InputFile) {
      if (extensionOf(file.name) === ext) return named;
      return new TextDecoder().decode(file.bytes).startsWith(magic) ? content : 0;
    },
    validate: async (file) => ({ file: file.name, kind: id, diagnostics: [] }),
  };
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe('detectKind', () => {
  const a = kind('alpha', 'AB', 5, 'a', 9);
  const b = kind('beta', 'AB', 5, 'b', 9);
  const c = kind('gamma', 'XY', 3, 'c', 9);

  it('lets the content decide whatever the name, and the extension only break a tie', () => {
    for (const name of ['x', 'x.c', '<stdin>'])
      expect(detectKind({ name, bytes: bytes('XY…') }, [a, b, c])?.kind.id).toBe('gamma');
    expect(detectKind({ name: 'x.b', bytes: bytes('AB…') }, [a, b, c])?.detectedAs).toEqual({
      kind: 'beta',
      reason:
        'its content fits beta and alpha equally; the extension .b chose beta; choose another with the kind option (--kind)',
      alternatives: ['alpha'],
    });
    expect(detectKind({ name: 'x', bytes: bytes('AB…') }, [a, b, c])?.detectedAs.reason).toContain(
      'alpha comes first; choose another with the kind option',
    );
  });

  it('falls back to the name when the content fits no kind, and says so', () => {
    expect(detectKind({ name: 'x.c', bytes: bytes('??') }, [a, b, c])?.detectedAs).toEqual({
      kind: 'gamma',
      reason: 'its content fits no kind; the extension .c says gamma',
      alternatives: [],
    });
    expect(detectKind({ name: 'x', bytes: bytes('??') }, [a, b, c])).toBeUndefined();
  });

  it('never reads bytes that are not text as a text kind by its name alone; a binary kind may', () => {
    const garbage = new Uint8Array(600).map((_, i) => (i * 73 + 11) % 256);
    expect(detectKind({ name: 'x.c', bytes: garbage }, [a, b, c])).toBeUndefined();
    const zipLike = { ...kind('zippy', 'PK', 5, 'z', 9), binary: true };
    expect(detectKind({ name: 'x.z', bytes: garbage }, [a, zipLike])?.kind.id).toBe('zippy');
    // Text with a stray control character, and UTF-16 with its byte order mark, are still text.
    expect(detectKind({ name: 'x.c', bytes: bytes(`${'?'.repeat(200)}\u0001`) }, [c])?.kind.id).toBe('gamma');
    expect(notTextReason(new Uint8Array([0xff, 0xfe, 0x41, 0, 0x42, 0]))).toBeUndefined();
    expect(notTextReason(new Uint8Array([0x41, 0, 0x42, 0, 0x43, 0]))).toContain(
      'UTF-16 without a byte order mark',
    );
    expect(notTextReason(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 1, 2]))).toContain('(.xls)');
  });
});
