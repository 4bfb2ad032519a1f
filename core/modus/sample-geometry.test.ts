import { describe, expect, it } from 'vitest';
import { readSampleGeometry, SampleGeometryReader } from './sample-geometry.ts';

describe('readSampleGeometry', () => {
  it('reads points, with Z, EWKT prefix and any case', () => {
    expect(readSampleGeometry('POINT (-88.0366758840411 44.206276266517875)')).toEqual({
      ok: true,
      type: 'POINT',
      empty: false,
      point: [-88.0366758840411, 44.206276266517875],
    });
    expect(readSampleGeometry(' point z(1 2 3) ')).toMatchObject({ ok: true, point: [1, 2] });
    expect(readSampleGeometry('SRID=4326;POINT(1 2)')).toMatchObject({ ok: true, point: [1, 2] });
    expect(readSampleGeometry('POINT EMPTY')).toEqual({ ok: true, type: 'POINT', empty: true });
  });

  it('names other geometry types', () => {
    expect(readSampleGeometry('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual({
      ok: true,
      type: 'POLYGON',
      empty: false,
    });
    expect(readSampleGeometry('MULTIPOINT ((1 2), (3 4))')).toMatchObject({ ok: true, type: 'MULTIPOINT' });
  });

  it('explains what is wrong', () => {
    expect(readSampleGeometry('')).toEqual({ ok: false, error: 'it is empty' });
    expect(readSampleGeometry('-88 44')).toMatchObject({
      ok: false,
      error: expect.stringContaining('geometry type'),
    });
    expect(readSampleGeometry('POINT (1 2')).toMatchObject({
      ok: false,
      error: expect.stringContaining('end of input'),
    });
    expect(readSampleGeometry('POINT (1 two)')).toMatchObject({
      ok: false,
      error: expect.stringContaining("'two'"),
    });
    expect(readSampleGeometry('POINT (1 2) x')).toMatchObject({
      ok: false,
      error: expect.stringContaining("'x'"),
    });
  });
});

describe('SampleGeometryReader', () => {
  it('parses a geometry once for the observers that read it in turn', () => {
    const reader = new SampleGeometryReader();
    const first = reader.read('POINT (1 2)');
    expect(reader.read('POINT (1 2)')).toBe(first);
    expect(reader.read('POINT (3 4)')).toMatchObject({ ok: true, point: [3, 4] });
    expect(reader.read('')).toEqual({ ok: false, error: 'it is empty' });
  });
});
