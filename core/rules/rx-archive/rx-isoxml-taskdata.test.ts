import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../../archive/zip-writer.ts';
import { validateRx } from '../../rx/validate-rx.ts';
import { corpusPath } from '../../../test/support/corpus.ts';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { rxZip } from '../../../test/rx/build-zip.ts';

const taskdata = (name = 'TASKDATA/TASKDATA.XML') =>
  writeZip([
    { name, bytes: new TextEncoder().encode('<ISO11783_TaskData VersionMajor="4"/>') },
    { name: 'TASKDATA/GRD00001.BIN', bytes: new Uint8Array(16) },
  ]);

describe('RXA019 rx-isoxml-taskdata', () => {
  it('accepts a shapefile prescription, even one with a TASKDATA.XML beside it', () => {
    expect(only('RXA019', rxZip())).toEqual([]);
    const both = rxZip({ extra: [{ name: 'TASKDATA.XML', bytes: new Uint8Array(1) }] });
    expect(only('RXA019', both)).toEqual([]);
  });

  it('reports an ISOXML task set once, at its TASKDATA.XML, instead of three missing members', () => {
    const { diagnostics } = validateRx(taskdata());
    expect(diagnostics.map((d) => d.code)).toEqual(['RXA019']);
    expect(brief(diagnostics)).toEqual([
      { messageId: 'taskdata', severity: 'error', location: { entry: 'TASKDATA/TASKDATA.XML' } },
    ]);
    expect(diagnostics[0]?.message).toBe(
      'This is an ISOXML TASKDATA archive ("TASKDATA/TASKDATA.XML"), not a shapefile prescription: the service takes a zipped shapefile (.shp, .shx, .dbf)',
    );
  });

  it('knows the file name in any case and at the top level', () => {
    expect(brief(only('RXA019', taskdata('taskdata.xml')))).toEqual([
      { messageId: 'taskdata', severity: 'error', location: { entry: 'taskdata.xml' } },
    ]);
  });

  it('reports the real ISOXML export of the corpus (isoxml-js task_full.zip) with one error', () => {
    const zip = new Uint8Array(readFileSync(corpusPath('dev4Agriculture-isoxml-js/data/task_full.zip')));
    const { diagnostics } = validateRx(zip);
    expect(diagnostics.map((d) => [d.code, d.location.entry])).toEqual([['RXA019', 'TASKDATA/TASKDATA.XML']]);
  });

  it('falls back to the missing-member errors when the rule is ignored', () => {
    const { diagnostics } = validateRx(taskdata(), { selection: { ignore: ['RXA019'] } });
    expect(diagnostics.map((d) => d.code)).toEqual(['RXA012', 'RXA012', 'RXA012']);
  });
});
