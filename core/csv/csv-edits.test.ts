import { describe, expect, it } from 'vitest';
import { encodeWindows1252 } from './csv-encoding.ts';
import { applyCsvRowChanges } from './csv-edits.ts';

const ring = (x: number) =>
  `"POLYGON ((${x} 42.03, ${x + 0.01} 42.03, ${x + 0.01} 42.04, ${x} 42.04, ${x} 42.03))"`;

/** A ;-separated Windows-1252 CSV batch of fields, as Excel in Germany saves it. */
function european(): Uint8Array {
  const text = [
    'clientName;farmName;name;boundary;acres',
    `Müller Farms;Hof Süd;Nord 40;${ring(-93.65)};227,28`,
    `Müller Farms;Hof Süd;Ost 40;${ring(-93.62)};12`,
  ].join('\r\n');
  return encodeWindows1252(text)!;
}

describe('applyCsvRowChanges', () => {
  it('changes one cell of a Windows-1252 file: only its bytes change, every other name keeps its bytes', async () => {
    const bytes = european();
    const done = await applyCsvRowChanges(bytes, [{ type: 'cell', row: 2, column: 2, value: 'Öst 40' }]);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    const expected = new TextDecoder('windows-1252').decode(bytes).replace('Ost 40', 'Öst 40');
    expect([...done.bytes]).toEqual([...encodeWindows1252(expected)!]);
    // Still Windows-1252: "Müller" is the one byte 0xFC, as the file had it.
    expect(done.bytes.filter((b) => b === 0xfc).length).toBe(bytes.filter((b) => b === 0xfc).length);
  });

  it('quotes a value that holds the delimiter or a quote, and keeps a quoted cell quoted', async () => {
    const bytes = european();
    const done = await applyCsvRowChanges(bytes, [
      { type: 'cell', row: 1, column: 2, value: 'Nord; "40"' },
      { type: 'cell', row: 1, column: 3, value: ring(-93.7).slice(1, -1) },
    ]);
    expect(done.ok).toBe(true);
    const text = done.ok ? new TextDecoder('windows-1252').decode(done.bytes) : '';
    expect(text.split('\r\n')[1]).toBe(`Müller Farms;Hof Süd;"Nord; ""40""";${ring(-93.7)};227,28`);
  });

  it("refuses a character the file's encoding cannot hold, saying which and what to do", async () => {
    const done = await applyCsvRowChanges(european(), [{ type: 'cell', row: 1, column: 0, value: 'Łukasz' }]);
    expect(done).toEqual({
      ok: false,
      change: 0,
      message:
        '"Ł" cannot be written in windows-1252, the file\'s encoding: save the file as UTF-8 to use it',
    });
  });

  it('numbers data rows as validation does (a title row above the header), and writes a whole row', async () => {
    const bytes = new TextEncoder().encode(
      `Fields for spring\nclientName,farmName,name,boundary\nA,B,C,${ring(-93.6)}\nD,E,F,${ring(-93.5)}\n`,
    );
    const done = await applyCsvRowChanges(bytes, [
      { type: 'row', row: 2, cells: ['D', 'E', 'G', 'x', 'extra'] },
    ]);
    // The boundary cell was quoted, so its new value is too.
    expect(done.ok && new TextDecoder().decode(done.bytes).split('\n')[3]).toBe('D,E,G,"x",extra');
    expect(await applyCsvRowChanges(bytes, [{ type: 'cell', row: 3, column: 0, value: 'x' }])).toMatchObject({
      ok: false,
      message: 'the file has no data row 3',
    });
  });

  it('keeps bytes that are not UTF-8, deep in a UTF-8 file, as they are', async () => {
    const encode = (t: string) => new TextEncoder().encode(t);
    // 70 kB of good rows first: the reader takes the file as UTF-8, and reads the bad byte as U+FFFD.
    const good = Array.from({ length: 700 }, (_, i) => `Smith Farms,Home,F${i},${ring(-93.6)}`).join('\n');
    const bytes = Uint8Array.of(
      ...encode(`clientName,farmName,name,boundary\n${good}\nA,B,N`),
      0xff,
      ...encode(`,${ring(-93.6)}\nCé,B,C2,${ring(-93.5)}\n`),
    );
    const done = await applyCsvRowChanges(bytes, [{ type: 'cell', row: 702, column: 2, value: 'Ç3' }]);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.bytes.includes(0xff)).toBe(true);
    expect(done.bytes.length).toBe(bytes.length + 1);
    expect(new TextDecoder().decode(done.bytes)).toContain('Cé,B,Ç3,');
  });
});
