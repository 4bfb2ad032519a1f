import { describe, expect, it } from 'vitest';
import { VALIDATES_ONLY, type KindCapabilities } from '../input/file-kind.ts';
import { readingOf } from './engine.ts';

const streams: KindCapabilities = { ...VALIDATES_ONLY, streams: true, fixes: true };
const statements: KindCapabilities = { ...streams, fixesByStatement: true };
const big = { streamedOnly: true, big: true, sizeKnown: true };

describe('how the engine reads a file, from what its kind declares', () => {
  it('streams a big file only to check it, and only through a kind that streams', () => {
    expect(readingOf(streams, big, {})).toBe('stream');
    expect(readingOf(VALIDATES_ONLY, big, {})).toBe('whole');
    expect(readingOf(streams, { ...big, big: false }, {})).toBe('whole');
    expect(readingOf(streams, { ...big, streamedOnly: false }, {})).toBe('whole');
  });

  it('fixes a big file of statements as it streams, unless fixes are chosen by id or its size is unknown', () => {
    expect(readingOf(statements, big, { fix: { safety: 'safe' } })).toBe('fix-by-statements');
    expect(readingOf(streams, big, { fix: { safety: 'safe' } })).toBe('whole');
    expect(readingOf(statements, big, { fix: { safety: 'safe', ids: ['d1'] } })).toBe('whole');
    expect(readingOf(statements, { ...big, sizeKnown: false }, { fix: { safety: 'safe' } })).toBe('whole');
  });

  it('reads a file whole for its records', () => {
    expect(readingOf(statements, big, { records: true })).toBe('whole');
  });
});
