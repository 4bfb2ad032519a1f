/**
 * The CSV batch kinds: their columns (canonical headers are the interface's own names), which are
 * required, the spellings each column is also recognised by, and an example row for `fieldgate template`.
 * docs/csv-batches.md documents them.
 */

import { areaUnitOfName, foldName, namesInOtherLanguages } from '../records/field-names.ts';

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
  synonyms: [...synonyms, ...namesInOtherLanguages(name)],
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

/** A header as synonyms are compared: normalised, then folded (foldName: plain letters, no apostrophes). */
export function foldHeader(header: string): string {
  return foldName(normaliseHeader(header));
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
    (areaUnitOfName(header) ? kind.columns.find((c) => c.name === 'acres') : undefined)
  );
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
