/**
 * The CSV batch kinds: their columns (canonical headers are the interface's own names), which are
 * required, the spellings each column is also recognised by, and an example row for `fieldgate template`.
 * docs/csv-batches.md documents them.
 */

import { ACRES_PER_HECTARE, SQUARE_METRES_PER_ACRE } from '../geodesy/area.ts';
import type { AreaUnit } from '../records/field-record.ts';

export type BatchKindId =
  | 'csv-fields'
  | 'csv-enrollments-by-program'
  | 'csv-enrollments-by-location'
  | 'csv-enrollment-changes'
  | 'csv-prescriptions'
  | 'csv-soil-tests';

export interface BatchColumn {
  name: string;
  required: boolean;
  /** Other headers that mean this column (compared without case, spaces, underscores, hyphens, dots). */
  synonyms: readonly string[];
  description: string;
  example: string;
}

export interface BatchKind {
  id: BatchKindId;
  title: string;
  columns: readonly BatchColumn[];
}

/**
 * The ids of the example rows: those a fresh sandbox of seed 42 knows (the embedded sandbox of `--profile
 * sandbox` and the app; \`fieldgate sandbox ids\` lists them), so that a template submits there as it is.
 * test/cli/first-run.test.ts holds them to it.
 */
const EXAMPLE = {
  nitrogenProgram: '15b6f9bb-79c1-4981-a96d-08502916d354',
  coverCropProgram: '542b50f3-262a-47d6-820b-6b6ee32e5d8b',
  fungicideTrial: 'e6d83103-993c-4b7c-82d7-1d306b2e3a94',
  northForty: '20acab84-380d-4198-a982-4baa69218d3d',
  season2025: '57f1988d-b476-4f47-8660-52746dac98ab',
  season2026: '31cd6e0a-9b47-4b22-a600-d30990414b6b',
  /** The enrollment by program a fresh sandbox has (Nitrogen rate program, 2024). */
  programEnrollment: 'f63ebb35-de88-467d-b778-1e2a27726c44',
  userName: 'grower.demo@example.com',
} as const;

/**
 * Headers that spreadsheets from Europe give the columns, in German, French, Dutch, Spanish, Italian and
 * Portuguese (accents optional: headers are compared folded, see foldHeader). Areas are not among them:
 * a "Fläche" or "superficie" is in hectares there, which is not acres (areaUnitOfHeader).
 */
const IN_OTHER_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  clientName: [
    ...['Kunde', 'Kundenname', 'Landwirt', 'Bewirtschafter'],
    ...['nom du client', 'agriculteur', 'exploitant'],
    ...['klant', 'klantnaam', 'teler'],
    ...['cliente', 'productor', 'agricultor', 'agricoltore', 'produtor'],
  ],
  farmName: [
    ...['Betrieb', 'Betriebsname', 'Hof'],
    ...['exploitation', 'ferme', "nom de l'exploitation"],
    ...['bedrijf', 'bedrijfsnaam', 'boerderij'],
    ...['finca', 'granja', 'explotación', 'azienda', 'azienda agricola', 'fazenda', 'propriedade'],
  ],
  name: [
    ...['Schlag', 'Schlagname', 'Schlagbezeichnung', 'Feld', 'Feldname', 'Feldbezeichnung'],
    ...['parcelle', 'nom de parcelle', 'nom de la parcelle', 'champ', 'nom du champ'],
    ...['perceel', 'perceelnaam', 'veld'],
    ...['parcela', 'nombre de parcela', 'campo', 'nome campo', 'appezzamento', 'talhão'],
  ],
  boundary: [
    ...['Grenze', 'Feldgrenze', 'Schlaggrenze', 'Geometrie', 'Umriss'],
    ...['géométrie', 'limite', 'contour'],
    ...['grens', 'perceelgrens'],
    ...['geometría', 'límite', 'contorno', 'perímetro', 'confine', 'geometria', 'perimetro'],
  ],
  source: [
    ...['Quelle', 'Herkunft'],
    ...['origine'],
    ...['bron'],
    ...['fuente', 'origen', 'fonte', 'origem'],
  ],
  userName: [
    ...['Benutzer', 'Benutzername', 'Empfänger'],
    ...['utilisateur', 'destinataire'],
    ...['gebruiker', 'ontvanger'],
    ...['usuario', 'destinatario', 'utente', 'usuário', 'destinatário'],
  ],
  file: [
    ...['Datei', 'Dateiname', 'Pfad'],
    ...['fichier', 'chemin'],
    ...['bestand', 'pad'],
    ...['archivo', 'ruta', 'percorso', 'arquivo', 'caminho'],
  ],
  sampleDate: [
    ...['Probenahmedatum', 'Probedatum', 'Datum der Probenahme', 'Entnahmedatum'],
    ...['date de prélèvement', "date d'échantillonnage"],
    ...['bemonsteringsdatum', 'monsterdatum'],
    ...['fecha de muestreo', 'data di campionamento', 'data de amostragem', 'data da coleta'],
  ],
};

const col = (
  name: string,
  required: boolean,
  description: string,
  example: string,
  synonyms: readonly string[] = [],
): BatchColumn => ({
  name,
  required,
  description,
  example,
  synonyms: [...synonyms, ...(IN_OTHER_LANGUAGES[name] ?? [])],
});

const temporalColumns = (required: boolean): BatchColumn[] => [
  col('dimensionality', required, 'INDIVIDUAL or INTERVAL', 'INTERVAL', ['dimension']),
  col('temporalEntityId', false, 'the temporal entity id (INDIVIDUAL)', '', [
    'temporal entity',
    'temporal id',
    'season id',
  ]),
  col('startId', false, 'start of the interval (INTERVAL)', EXAMPLE.season2025, [
    'start',
    'interval start id',
    'start uuid',
  ]),
  col('endId', false, 'end of the interval (INTERVAL)', EXAMPLE.season2026, [
    'end',
    'interval end id',
    'end uuid',
  ]),
  col('temporalPeriodTypeName', required, 'GrowingSeason', 'GrowingSeason', [
    'period type',
    'temporal period type',
    'period type name',
  ]),
];

export const batchKinds: readonly BatchKind[] = [
  {
    id: 'csv-fields',
    title: 'CSV batch of fields (one upload per receiving user; boundary as WKT)',
    columns: [
      col('clientName', true, 'the client (grower) the field belongs to', 'Smith Farms', [
        'client',
        'grower',
        'grower name',
        'customer',
      ]),
      col('farmName', true, 'the farm', 'Home Farm', ['farm']),
      col('name', true, 'the field name', 'North 40', ['field name', 'field']),
      col(
        'boundary',
        true,
        'WKT Polygon or MultiPolygon in WGS 84 (longitude latitude)',
        'POLYGON ((-93.65 42.03, -93.64 42.03, -93.64 42.04, -93.65 42.04, -93.65 42.03))',
        ['wkt', 'geometry', 'geom', 'shape', 'boundary wkt', 'polygon'],
      ),
      col('acres', false, 'stated area in acres', '227.28', ['area', 'acreage', 'area acres']),
      col('source', false, 'where the boundary came from', 'survey'),
      col(
        'userName',
        false,
        'the receiving user (rows are grouped into one upload per user)',
        EXAMPLE.userName,
        ['user', 'receiving user', 'recipient'],
      ),
    ],
  },
  {
    id: 'csv-enrollments-by-program',
    title: 'CSV batch of enrollments by program (POST /v5/enrollments, x-enrollment-type: program)',
    columns: [
      col('experimentProtocolId', true, 'the program (uuid)', EXAMPLE.nitrogenProgram, [
        'program id',
        'protocol id',
        'program',
        'experiment protocol',
      ]),
      ...temporalColumns(true),
    ],
  },
  {
    id: 'csv-enrollments-by-location',
    title:
      'CSV batch of enrollments by location (experiments found or created first, then POST /v5/enrollments)',
    columns: [
      col('experimentEnrollmentId', true, 'given by the service operator (uuid)', EXAMPLE.fungicideTrial, [
        'experiment enrollment',
        'enrollment code',
      ]),
      col('experimentName', true, 'name of the experiment to find or create', 'Fungicide timing trial 2026', [
        'experiment',
      ]),
      col('locationId', true, 'the location (uuid)', EXAMPLE.northForty, ['location']),
      col('experimentLocationStatus', true, 'NOMINATED', 'NOMINATED', ['location status', 'status']),
      ...temporalColumns(true),
    ],
  },
  {
    id: 'csv-enrollment-changes',
    title: 'CSV batch of enrollment updates and removals (PUT or DELETE /v5/enrollments/{id})',
    columns: [
      col('enrollmentId', true, 'the enrollment to change (uuid)', EXAMPLE.programEnrollment, ['enrollment']),
      col('enrollmentType', true, 'program or location', 'program', ['type', 'x enrollment type']),
      col('action', true, 'update or remove', 'update', ['operation', 'change']),
      col('experimentProtocolId', false, 'new program (program, update)', EXAMPLE.coverCropProgram, [
        'program id',
        'protocol id',
      ]),
      col('experimentId', false, 'new experiment (location, update)', ''),
      col('locationId', false, 'new location (location, update)', '', ['location']),
      col('experimentLocationStatus', false, 'NOMINATED (location, update)', '', ['location status']),
      ...temporalColumns(false),
    ],
  },
  {
    id: 'csv-prescriptions',
    title: 'CSV batch of prescriptions (each row a prescription ZIP, relative to the CSV)',
    columns: [
      col('file', true, 'path of the prescription ZIP, relative to the CSV', 'rx/north-40.zip', [
        'path',
        'file path',
        'file name',
        'prescription',
        'prescription file',
        'rx file',
      ]),
      col('userName', true, 'the receiving user', EXAMPLE.userName, ['user', 'receiving user', 'recipient']),
    ],
  },
  {
    id: 'csv-soil-tests',
    title: 'CSV batch of soil tests (each row a Modus XML file, relative to the CSV, with its sampleDate)',
    columns: [
      col('file', true, 'path of the Modus result XML, relative to the CSV', 'soil/north-40.xml', [
        'path',
        'file path',
        'file name',
        'soil file',
        'modus file',
        'soil test',
      ]),
      col('userName', true, 'the receiving user', EXAMPLE.userName, ['user', 'receiving user', 'recipient']),
      col('sampleDate', true, 'when the samples were taken (ISO 8601, UTC)', '2026-04-15T00:00:00.000Z', [
        'sample date',
        'date',
        'sampled',
      ]),
    ],
  },
];

export function batchKindById(id: string): BatchKind | undefined {
  return batchKinds.find((k) => k.id === id);
}

/** A header as compared: no case, spaces, underscores, hyphens or dots. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');
}

/** A header's letters as a sheet's author may spell them: German umlauts as ae, oe, ue and ss, no accents. */
function plainLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/**
 * A header as synonyms are compared: as normaliseHeader compares it, with plain letters and no apostrophes
 * ("Géométrie" is "geometrie", "Empfänger" is "Empfaenger", "nom de l'exploitation" is
 * "nomdelexploitation").
 */
export function foldHeader(header: string): string {
  return plainLetters(normaliseHeader(header)).replace(/['\u2019]/g, '');
}

/** The column of `kind` a header names (exact, loose, then synonyms); undefined when none. */
export function columnForHeader(kind: BatchKind, header: string): BatchColumn | undefined {
  const exact = kind.columns.find((c) => c.name === header.trim());
  if (exact) return exact;
  const key = normaliseHeader(header);
  if (key === '') return undefined;
  const folded = foldHeader(header);
  return (
    kind.columns.find((c) => normaliseHeader(c.name) === key) ??
    kind.columns.find((c) => c.synonyms.some((s) => foldHeader(s) === folded)) ??
    // An area in another unit is the acres, converted (csv-mapping.ts says the unit).
    (areaUnitOfHeader(header) ? kind.columns.find((c) => c.name === 'acres') : undefined)
  );
}

/** An area in a unit other than acres, as a header names it. */
export interface HeaderAreaUnit extends AreaUnit {
  /** How it converts, in words: "acres = hectares × 2.4711". */
  conversion: string;
}

const HECTARES: HeaderAreaUnit = {
  name: 'hectares',
  symbol: 'ha',
  acresPer: ACRES_PER_HECTARE,
  conversion: 'acres = hectares × 2.4711',
};
const SQUARE_METRES: HeaderAreaUnit = {
  name: 'square metres',
  symbol: 'm²',
  acresPer: 1 / SQUARE_METRES_PER_ACRE,
  conversion: 'acres = square metres ÷ 4,046.86',
};

/**
 * The area unit other than acres a header names: "Area (ha)", "hectares", "Fläche", "superficie" (in the
 * languages of IN_OTHER_LANGUAGES an area is given in hectares unless it says otherwise), "m²", "sqm".
 * Undefined for a header that names acres, or no area at all ("Area" alone is acres, as in a US sheet).
 * Such a column is read as acres, its numbers converted, never taken for acres as they are.
 */
export function areaUnitOfHeader(header: string): HeaderAreaUnit | undefined {
  const words = plainLetters(header)
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const has = (...list: string[]): boolean => words.some((w) => list.includes(w));
  if (has('ac', 'acre', 'acres', 'acreage')) return undefined;
  if (has('m2', 'qm', 'sqm', 'quadratmeter') || (has('square') && has('metres', 'meters', 'metre', 'meter')))
    return SQUARE_METRES;
  if (has('ha', 'hectare', 'hectares', 'hektar', 'hectarea', 'hectareas', 'ettari', 'ettaro'))
    return HECTARES;
  // "Fläche", "Schlagfläche", "surface", "superficie", "oppervlakte" without a unit: hectares.
  if (words.some((w) => w.endsWith('flaeche')) || has('surface', 'superficie', 'oppervlakte', 'oppervlak'))
    return HECTARES;
  return undefined;
}

/** How well a row of cells fits each kind as its header. */
export function scoreHeader(kind: BatchKind, cells: readonly string[]): { mapped: number; missing: number } {
  const found = new Set<string>();
  for (const c of cells) {
    const column = columnForHeader(kind, c);
    if (column) found.add(column.name);
  }
  const missing = kind.columns.filter((c) => c.required && !found.has(c.name)).length;
  return { mapped: found.size, missing };
}

/** The kind whose columns a header row names best: every required column present, most columns mapped. */
export function kindForHeader(cells: readonly string[]): BatchKind | undefined {
  let best: { kind: BatchKind; mapped: number } | undefined;
  for (const kind of batchKinds) {
    const s = scoreHeader(kind, cells);
    if (s.missing > 0) continue;
    // Ties go to the kind with fewer columns (a fuller fit).
    if (!best || s.mapped > best.mapped) best = { kind, mapped: s.mapped };
  }
  return best?.kind;
}

/** The most columns any kind finds in a row (confirms a delimiter guess). */
export function bestHeaderScore(cells: readonly string[]): number {
  let best = 0;
  for (const kind of batchKinds) best = Math.max(best, scoreHeader(kind, cells).mapped);
  return best;
}
