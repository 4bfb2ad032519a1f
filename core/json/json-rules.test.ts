import { describe, expect, it } from 'vitest';
import { readJson } from './read-json.ts';

describe('JS001 json-syntax', () => {
  it('accepts valid JSON', () => {
    const r = readJson('{"a": [1, 2.5e3, true, null, "x\\u00e9"]}');
    expect(r.diagnostics).toEqual([]);
    expect(r.root?.kind).toBe('object');
  });

  it('reports a trailing comma at the comma, with line and column', () => {
    const r = readJson('{\n  "fields": [\n    {"name": "North 40",}\n  ]\n}');
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0];
    expect(d?.code).toBe('JS001');
    expect(d?.messageId).toBe('syntax');
    expect(d?.location.range?.start).toEqual({ offset: 39, line: 3, column: 24 });
    expect(d?.message).toContain('trailing commas');
  });

  it('reports an unterminated string at end of input, not at 0:0', () => {
    const r = readJson('{"a": "abc');
    expect(r.diagnostics[0]?.location.range?.start.offset).toBe(10);
    expect(r.diagnostics[0]?.message).toContain('closing quote');
  });

  it('reports single quotes, bare words and data after the value', () => {
    expect(readJson("{'a': 1}").diagnostics[0]?.location.range?.start.column).toBe(2);
    expect(readJson('{"a": yes}').diagnostics[0]?.location.range?.start.column).toBe(7);
    expect(readJson('{} {}').diagnostics[0]?.message).toContain('end of input');
  });

  it('reports an empty file with the empty message', () => {
    expect(readJson('  \n').diagnostics[0]?.messageId).toBe('empty');
  });
});
