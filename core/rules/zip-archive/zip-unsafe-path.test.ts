import { describe, expect, it } from 'vitest';
import { brief, only } from '../../../test/rx/rule-helpers.ts';
import { craftZip, rxZip } from '../../../test/rx/build-zip.ts';

describe('RXA005 zip-unsafe-path', () => {
  it('accepts plain relative names, dots inside names included', () => {
    expect(
      only('RXA005', rxZip({ folder: 'rx..2024', extra: [{ name: 'a..b.txt', bytes: new Uint8Array(1) }] })),
    ).toEqual([]);
  });

  it('reports "..", absolute and control-character names', () => {
    const zip = craftZip([
      { name: 'rx/../../x.shp', data: new Uint8Array(1) },
      { name: '/abs.shp', data: new Uint8Array(1) },
      { name: '\\\\server\\share.shp', data: new Uint8Array(1) },
      { name: 'bell\u0007.shp', data: new Uint8Array(1) },
    ]);
    expect(brief(only('RXA005', zip))).toEqual([
      { messageId: 'parent', severity: 'error', location: { entry: 'rx/../../x.shp' } },
      { messageId: 'absolute', severity: 'error', location: { entry: '/abs.shp' } },
      { messageId: 'absolute', severity: 'error', location: { entry: '\\\\server\\share.shp' } },
      { messageId: 'control', severity: 'error', location: { entry: 'bell\u0007.shp' } },
    ]);
  });
});
