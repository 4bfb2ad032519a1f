import { describe, expect, it } from 'vitest';
import { encodeText, sniffTextEncoding, type TextEncodingName } from '../input/text-decoding.ts';
import { fix } from './every-kind.ts';

// A fixed boundary file is written back as it came: same encoding, same byte order mark.
const WKT = 'POLYGON ((0 0, 10 0, 10 0, 10 10, 0 10, 0 0))\n';
const WKT_FIXED = 'POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))\n';
const GEOJSON = JSON.stringify({
  type: 'Feature',
  properties: { name: 'North ✓' },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
    ],
  },
});

const ENCODINGS: Array<{ encoding: TextEncodingName; bom: boolean }> = [
  { encoding: 'utf-8', bom: false },
  { encoding: 'utf-8', bom: true },
  { encoding: 'utf-16le', bom: true },
  { encoding: 'utf-16be', bom: true },
];

describe('fixes keep the file’s encoding', () => {
  for (const like of ENCODINGS) {
    const label = `${like.encoding}${like.bom ? ' with a BOM' : ''}`;

    it(`a WKT file in ${label}`, async () => {
      const out = await fix({ name: 'f.wkt', bytes: encodeText(WKT, like) }, { safety: 'safe' });
      expect(out.bytes).toBeDefined();
      const bytes = out.bytes ?? new Uint8Array();
      expect(sniffTextEncoding(bytes)).toEqual(like);
      expect(bytes).toEqual(encodeText(WKT_FIXED, like));
    });

    it(`a GeoJSON file in ${label}`, async () => {
      const out = await fix({ name: 'f.geojson', bytes: encodeText(GEOJSON, like) }, { safety: 'safe' });
      const bytes = out.bytes ?? new Uint8Array();
      expect(sniffTextEncoding(bytes)).toEqual(like);
      const text = new TextDecoder(like.encoding).decode(bytes);
      expect(text).toContain('North ✓');
      const ring = (JSON.parse(text) as { geometry: { coordinates: number[][][] } }).geometry.coordinates[0];
      expect(ring).toEqual([
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ]);
    });
  }
});
