/**
 * Enrollment rows are checked by the version 5 request rules through the requests they become; every
 * finding lands on the cell it is about (row, column, character), fixes become edits of the cell, and the
 * plan lists the calls in order (experiments found or created first).
 */
import { describe, expect, it } from 'vitest';
import { bytesToStream, validateCsvBatch } from '../../core/index.ts';

const S = '9b2f3c1e-6a4d-4e8b-9c1a-2f3e4d5c6b7a';
const E = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
const X = '6fa459ea-ee8a-4ca4-894e-db77e160355e';
const L = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

async function run(text: string) {
  return validateCsvBatch(bytesToStream(new TextEncoder().encode(text)), {
    now: new Date('2026-11-22T12:00:00Z'),
  });
}

describe('enrollments by location', () => {
  const head =
    'experimentEnrollmentId,experimentName,locationId,experimentLocationStatus,dimensionality,startId,endId,temporalPeriodTypeName';
  it('says a finding about a cell once, though its value goes into several requests', async () => {
    // The experiment's id and season go into the find, the create and the enrollment: one EN004, one TE004.
    const text = `${head}\nexp-1,Trial,${L},NOMINATED,INTERVAL,${S},not-an-id,GrowingSeason\n`;
    const codes = (await run(text)).diagnostics.map((d) => `${d.code} ${d.location.field}`).sort();
    expect(codes).toEqual([...new Set(codes)]);
    expect(codes).toContain('EN004 experimentEnrollmentId');
    expect(codes).toContain('TE004 endId');
  });

  it('places request-rule findings at the cell and character they are about', async () => {
    const text = `${head}\n${X},Trial,${L},NOMINATED,INTERVAL,${S},${E},GrowingSeason\n${X},Trial,field-7,NOMINATED,INTERVAL,${S},not-an-id,GrowingSeason\n`;
    const result = await run(text);
    expect(result.kind).toBe('csv-enrollments-by-location');
    const en004 = result.diagnostics.find((d) => d.code === 'EN004')!;
    expect(en004.location).toMatchObject({ row: 2, field: 'locationId' });
    expect(text.slice(en004.location.range!.start.offset, en004.location.range!.end.offset)).toBe('field-7');
    const te004 = result.diagnostics.find((d) => d.code === 'TE004')!;
    expect(te004.location).toMatchObject({ row: 2, field: 'endId' });
    expect(te004.location.range!.start).toMatchObject({
      line: 3,
      column: text.split('\n')[2]!.indexOf('not-an-id') + 1,
    });
    expect(result.plan).toEqual({
      calls: [
        { row: 1, call: 'findOrCreateExperiment', experimentEnrollmentId: X },
        { row: 1, call: 'createEnrollment', type: 'location' },
        { row: 2, call: 'createEnrollment', type: 'location' },
      ],
    });
  });
});

describe('enrollments by program', () => {
  it('turns a fix of a request value into an edit of its cell', async () => {
    const text = `experimentProtocolId,dimensionality,temporalEntityId,temporalPeriodTypeName\n"{3f2504e0-4f89-41d3-9a0c-0305e82c3301}",INDIVIDUAL,${S},GrowingSeason\n`;
    const result = await run(text);
    const d = result.diagnostics.find((x) => x.code === 'EN004')!;
    expect(d.location).toMatchObject({ row: 1, field: 'experimentProtocolId' });
    const edit = d.fix!.edits![0]!;
    expect(text.slice(edit.start, edit.end)).toBe('{3f2504e0-4f89-41d3-9a0c-0305e82c3301}');
    expect(edit.text).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });
});

describe('enrollment changes', () => {
  it('makes PUT and DELETE calls and checks the enrollment id in the path at its cell', async () => {
    const text = `enrollmentId,enrollmentType,action,experimentProtocolId\nnot-uuid,program,remove,\n`;
    const result = await run(text);
    const d = result.diagnostics.find((x) => x.code === 'EN004')!;
    expect(d.location).toMatchObject({ row: 1, field: 'enrollmentId' });
    expect(d.location.range!.start.column).toBe(1);
    expect(result.plan).toEqual({ calls: [{ row: 1, call: 'removeEnrollment', type: 'program' }] });
  });
});

describe('findings on CSV rows speak of columns, not JSON', () => {
  const P = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  const JSON_WORDS = /"\w+"\s*:|[{}]|\bJSON\b|\bproperty\b|\bbody\b/;

  it('puts a missing value at its own column’s cell, with a hint naming the column as the header spells it', async () => {
    const text =
      `experimentProtocolId,dimensionality,temporalEntityId,period type\n` +
      `${P},INDIVIDUAL,${S},\n${P},,,GrowingSeason\n${P},INTERVAL,,GrowingSeason\n`;
    const result = await run(text);
    const lines = text.split('\n');
    const te005 = result.diagnostics.find((d) => d.code === 'TE005' && d.messageId === 'missing')!;
    expect(te005.location).toMatchObject({ row: 1, field: 'temporalPeriodTypeName' });
    // The empty cell at the end of line 2.
    expect(te005.location.range!.start).toMatchObject({ line: 2, column: lines[1]!.length + 1 });
    expect(te005.hint).toBe('Fill in the "period type" (temporalPeriodTypeName) column: GrowingSeason.');
    // Not the cell of another column that happens to sit in the same object.
    const te002 = result.diagnostics.find((d) => d.code === 'TE002' && d.messageId === 'missing')!;
    expect(te002.location).toMatchObject({ row: 2, field: 'dimensionality' });
    expect(te002.location.range!.start).toMatchObject({ line: 3, column: P.length + 2 });
    expect(te002.hint).toContain('Fill in the dimensionality column: INDIVIDUAL or INTERVAL');
    // A column the file does not have: the hint says to add it.
    const te003 = result.diagnostics.filter((d) => d.code === 'TE003' && d.location.row === 3);
    expect(te003.map((d) => d.location.field).sort()).toEqual(['endId', 'startId']);
    expect(te003.find((d) => d.location.field === 'startId')?.hint).toMatch(/^Add the startId column: /);
    for (const d of result.diagnostics)
      if (d.hint) expect(d.hint, `${d.code} ${d.hint}`).not.toMatch(JSON_WORDS);
  });

  it('keeps a hint about the value, and names a renamed column in the hints of field rows', async () => {
    const text = `experimentProtocolId,dimensionality,temporalEntityId,temporalPeriodTypeName\n${P},INDIVIDUAL,${S},growing season\n`;
    const te005 = (await run(text)).diagnostics.find((d) => d.code === 'TE005')!;
    expect(te005.hint).toBe('Write it as GrowingSeason.');
    const square = 'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))';
    const fields = await run(
      `Grower,farmName,name,boundary\n,Home,North,"${square}"\nSmith,Home,South,"${square.replace(/42\.0/g, '42.1')}"\n`,
    );
    const blank = fields.diagnostics.find((d) => d.code === 'FU002' && d.location.row === 1)!;
    expect(blank.location.field).toBe('clientName');
    expect(blank.hint).toContain('"Grower" (clientName)');
    for (const d of fields.diagnostics)
      if (d.hint) expect(d.hint, `${d.code} ${d.hint}`).not.toMatch(JSON_WORDS);
  });
});
