import { describe, expect, it } from 'vitest';
import { jsonFileKind } from './json-file-kind.ts';

const validate = (text: string) =>
  jsonFileKind.validate({ name: 'x.json', bytes: new TextEncoder().encode(text) }, {});

describe('JS002 json-document-unrecognised', () => {
  it('reports JSON that is no Fieldgate document, listing what is understood', async () => {
    const report = await validate('{"items": []}');
    expect(report.diagnostics.map((d) => d.code)).toEqual(['JS002']);
    expect(report.diagnostics[0]?.hint).toContain('Field upload');
  });

  it('recognises each shape instead', async () => {
    expect((await validate('{"fields": []}')).kind).toBe('field-upload');
    expect((await validate('{"method": "GET", "path": "/v5/enrollments"}')).kind).toBe('service-requests');
    expect((await validate('{"dimensionality": "INDIVIDUAL"}')).kind).toBe('temporal-entity');
    expect((await validate('{"experimentProtocolId": "x"}')).kind).toBe('request-body');
  });
});
