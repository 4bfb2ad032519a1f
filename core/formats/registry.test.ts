import { describe, expect, it } from 'vitest';
import { boundaryFileKinds } from '../boundary/boundary-file-kinds.ts';
import { csvFileKinds } from '../csv/csv-file-kinds.ts';
import { modusFileKind } from '../modus/modus-file-kind.ts';
import { rxFileKind } from '../rx/rx-file-kind.ts';
import type { FileKind } from '../input/file-kind.ts';
import { jsonFileKind, jsonShapeKinds } from './json-file-kind.ts';
import { fileKinds, kindCatalogue } from './registry.ts';
import { lazyKind } from './lazy-kind.ts';
import { sampleDateFileKind } from './sample-date-file-kind.ts';
import { agronomicFileKind } from '../agronomic/agronomic-file-kind.ts';

const METHODS = ['validateStream', 'validateText', 'fix', 'fixStream'] as const;
const methods = (k: FileKind): string[] => METHODS.filter((m) => k[m] !== undefined);
/** The methods a kind's declared capabilities promise. */
const promised = (k: FileKind): string[] =>
  METHODS.filter(
    (m) =>
      ({
        validateStream: k.can.streams,
        validateText: k.can.text,
        fix: k.can.fixes,
        fixStream: k.can.fixesByStatement,
      })[m],
  );

describe('the kind registry', () => {
  // The kinds as their modules define them, in the catalogue's order.
  const loaded: FileKind[] = [
    jsonFileKind,
    ...jsonShapeKinds,
    rxFileKind,
    ...boundaryFileKinds,
    modusFileKind,
    sampleDateFileKind,
    ...csvFileKinds,
    agronomicFileKind,
  ];

  it('lists each kind with the name, title, detector and methods of the kind it loads', () => {
    expect(kindCatalogue.map((k) => [k.id, k.title, methods(k), k.can])).toEqual(
      loaded.map((k) => [k.id, k.title, methods(k), k.can]),
    );
    // What a kind declares it can do is what it has: the engine chooses by the declaration.
    for (const k of loaded) expect(methods(k), k.id).toEqual(promised(k));
    // The kinds detection asks use the loaded kind's own detector; the others are only chosen by name.
    kindCatalogue.forEach((k, i) => {
      if (fileKinds.includes(k)) expect(k.detect).toBe(loaded[i]?.detect);
      else expect(k.detect({ name: 'x.json', bytes: new TextEncoder().encode('{}') })).toBe(0);
    });
    expect(fileKinds.every((k) => kindCatalogue.includes(k))).toBe(true);
  });

  it('titles each kind in words a person reads aloud (no "(s)": one or many is said)', () => {
    for (const k of kindCatalogue) expect(k.title, k.id).not.toMatch(/\(s\)/);
  });

  it('checks with the loaded kind', async () => {
    const csv = new TextEncoder().encode('not,a,known,header\n1,2,3,4\n');
    const lazy = kindCatalogue.find((k) => k.id === 'csv-fields') as FileKind;
    const real = csvFileKinds.find((k) => k.id === 'csv-fields') as FileKind;
    const file = { name: 'x.csv', bytes: csv };
    expect(await lazy.validate(file, {})).toEqual(await real.validate(file, {}));
  });

  it('loads a kind once, and says so when the loaded kind lacks a method it was listed with', async () => {
    let loads = 0;
    const bare: FileKind = {
      id: 'bare',
      title: 'bare',
      can: { streams: false, text: false, fixes: true, fixesByStatement: false, records: false },
      detect: () => 0,
      validate: async (file) => ({ file: file.name, kind: 'bare', diagnostics: [] }),
    };
    const lazy = lazyKind(bare, async () => {
      loads++;
      return bare;
    });
    const file = { name: 'f', bytes: new Uint8Array() };
    await lazy.validate(file, {});
    await lazy.validate(file, {});
    expect(loads).toBe(1);
    expect(lazy.validateStream).toBeUndefined();
    await expect(lazy.fix?.(file, { file: 'f', kind: 'bare', diagnostics: [] }, ['safe'])).rejects.toThrow(
      'file kind bare has no fix',
    );
  });
});
