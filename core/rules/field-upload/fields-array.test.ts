import { describe, expect, it } from 'vitest';
import { readFieldUploadStream } from '../../fields/check-field-upload.ts';
import { check, field } from './test-helpers.ts';

describe('FU001 fields-array', () => {
  it('accepts {"fields": [ … ]}', () => expect(check('FU001', { fields: [field()] })).toEqual([]));

  it('reports a bare list with a hint to wrap it', () => {
    const [d] = check('FU001', [field()]);
    expect([d?.messageId, d?.hint]).toEqual(['notObject', 'Wrap the list: {"fields": [ … ]}.']);
  });

  it('reports a missing or non-array "fields", warns on an empty one, and reports non-object items by row', () => {
    expect(check('FU001', { field: [] })[0]?.messageId).toBe('missing');
    expect(check('FU001', { fields: {} })[0]?.messageId).toBe('notArray');
    expect(check('FU001', { fields: [] })[0]).toMatchObject({ messageId: 'empty', severity: 'warning' });
    const [item] = check('FU001', { fields: [field(), 'North 40'] });
    expect([item?.message, item?.location.row, item?.location.path]).toEqual([
      'Field 2 must be an object, but this is a string',
      2,
      ['fields', 1],
    ]);
  });

  // JSON readers keep the last of a repeated key, the service's too: the later "fields" is the upload.
  const twice = (first: unknown, second: unknown) =>
    `{"fields": ${JSON.stringify(first)},\n "fields": ${JSON.stringify(second)}}`;

  it('reports "fields" given twice, and checks the later one as the upload', () => {
    const text = twice([field(), field({ name: 'South' })], [field({ acres: 'x' })]);
    const found = check('FU001', text);
    expect(found.map((d) => [d.messageId, d.message, d.location.range?.start.line])).toEqual([
      [
        'repeated',
        '"fields" is given again: the service reads only the last one, so the 2 fields of the one before would not be uploaded',
        2,
      ],
    ]);
    // The later array's items are checked: its acres "x" is found, at its own line.
    const acres = check('FU003', text);
    expect(acres.map((d) => [d.location.range?.start.line, d.location.path])).toEqual([
      [2, ['fields', 0, 'acres']],
    ]);
    // A later "fields" that is not an array is what the service reads: reported as such.
    expect(check('FU001', twice([field()], null)).map((d) => d.messageId)).toEqual(['repeated', 'notArray']);
    expect(check('FU001', twice([field()], [])).map((d) => d.messageId)).toEqual(['repeated', 'empty']);
  });

  it('finds the same when the upload is read in small chunks', async () => {
    const text = twice([field()], [field({ acres: 'x' })]);
    const chunks = async function* () {
      for (let i = 0; i < text.length; i += 5) yield text.slice(i, i + 5);
    };
    const outcome = await readFieldUploadStream(chunks(), { selection: { select: ['FU001', 'FU003'] } });
    const codes = outcome?.type === 'upload' ? outcome.diagnostics.map((d) => d.code) : [];
    expect(codes).toEqual(['FU001', 'FU003']);
    expect(check('FU003', text).map((d) => d.code)).toEqual(['FU003']);
  });
});
