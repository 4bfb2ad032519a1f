import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { htmlReport } from './html-report.ts';
import { problemsCsv } from './problems-csv.ts';

const text = 'name,acres\n=cmd,abc\n';
const d: Diagnostic = {
  code: 'FU003',
  rule: 'field-acres-invalid',
  group: 'field-upload',
  severity: 'error',
  messageId: 'notNumber',
  message: 'Field 1: acres must be a number, but this is the text "abc"',
  hint: 'Give the area',
  location: {
    row: 1,
    field: 'acres',
    feature: 0,
    range: { start: { offset: 16, line: 2, column: 6 }, end: { offset: 19, line: 2, column: 9 } },
  },
};

describe('problems CSV', () => {
  it('has one line per diagnostic with row, column, line, character and the cell value', () => {
    const csv = problemsCsv({ files: [{ file: 'f.csv', kind: 'csv-fields', diagnostics: [d], text }] });
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('file,row,column,line,character,value,severity,code,rule,message,hint,where');
    expect(line).toBe(
      'f.csv,1,acres,2,6,abc,error,FU003,field-acres-invalid,"Field 1: acres must be a number, but this is the text ""abc""",Give the area,"line 2, column 6, row 1, column acres"',
    );
  });
  it('defuses a file name or value that starts like a formula', () => {
    const csv = problemsCsv({ files: [{ file: '=evil.csv', kind: 'csv-fields', diagnostics: [d], text }] });
    expect(csv.split('\r\n')[1]?.startsWith("'=evil.csv,")).toBe(true);
  });
});

describe('HTML report', () => {
  it('draws features as SVG paths linked to their rows, coloured by their worst problem, offline', () => {
    const html = htmlReport({
      files: [
        {
          file: 'f.csv',
          kind: 'csv-fields',
          diagnostics: [d],
          text,
          summary: { rowStatus: [{ row: 1, line: 2, status: 'error', errors: 1, warnings: 0 }] },
          features: [
            {
              id: 0,
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [0, 0],
                    [1, 0],
                    [1, 1],
                    [0, 0],
                  ],
                ],
              },
              properties: { row: 1, name: '<script>' },
            },
          ],
        },
      ],
    });
    expect(html).toContain('<p>1 error, 0 warnings, 0 notes</p>');
    expect(html).toContain('<path class="error"');
    expect(html).toContain('<a href="#f0-row-1">');
    expect(html).toContain('<tr id="f0-row-1" class="error">');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/https?:/);
  });
});
