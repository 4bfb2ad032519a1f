/**
 * The JSON kinds as detection sees them: the generic JSON kind (which picks a document's shape from its
 * content) and one kind per shape, chosen only by name; the checks load only for a file read as JSON.
 */
import { extensionOf, firstSignificantChar, type InputFile, type KindInfo } from '../input/file-kind.ts';

/** The JSON kinds read field uploads as streams, and field uploads and requests as records. */
const JSON_CAN: KindInfo['can'] = {
  streams: true,
  text: true,
  fixes: true,
  fixesByStatement: false,
  records: true,
};

export const jsonKindInfo: KindInfo = {
  id: 'json',
  can: JSON_CAN,
  title: 'Fieldgate JSON document, its shape recognised from the content (one of the four below)',
  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    const first = firstSignificantChar(file.bytes);
    if (ext === 'json') return 5;
    return first === '{' || first === '[' ? 2 : 0;
  },
};

const shapeTitles = {
  'field-upload': 'Field upload (FieldsWithBoundaryAndHierarchy, POST /v2/fields)',
  'service-requests': 'Enrollment or experiment requests, one or a list (version 5)',
  'temporal-entity': 'TemporalEntity',
  'request-body': 'Request body (version 5), checked as the create call it belongs to',
} as const;

export type JsonShapeId = keyof typeof shapeTitles;

/** The JSON document shapes, in the order they are tried; only chosen by name (`--kind field-upload`). */
export const jsonShapeInfos: readonly KindInfo[] = Object.entries(shapeTitles).map(([id, title]) => ({
  id,
  title,
  can: JSON_CAN,
  detect: () => 0,
}));

/** A shape's name and title. */
export function jsonShapeInfo(id: JsonShapeId): { id: JsonShapeId; title: string } {
  return { id, title: shapeTitles[id] };
}
