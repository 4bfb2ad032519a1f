/**
 * A field record (of a JSON field upload) as the record a batch sends: one field of an upload to the user
 * the field names, or to the batch's receiving user when it names none. The boundary goes as written (WKT
 * text), or as WKT written from geometry when the field came as geometry.
 */
import type { FieldRecord } from '../records/field-record.ts';
import type { UploadField } from '../records/service-operation.ts';
import { fieldLabel, type KindRecord } from '../records/submit-record.ts';
import { writePolygonsWkt } from '../wkt/write-wkt.ts';

const text = (v: FieldRecord['name']): string | undefined =>
  v?.kind === 'string' && typeof v.value === 'string' ? v.value : undefined;

/** What a value reads as in a results CSV: its text, its number, else nothing. */
const cell = (v: FieldRecord['name']): string =>
  v === undefined || v.value === undefined ? '' : String(v.raw ?? v.value);

/** A field as it is sent; undefined when it lacks a name of the hierarchy or a boundary. */
function uploadFieldOf(record: FieldRecord): UploadField | undefined {
  const boundary =
    text(record.boundary) ??
    (record.boundary?.geometry
      ? writePolygonsWkt(record.boundary.geometry.polygons, { multi: record.boundary.geometry.multi })
      : undefined);
  const clientName = text(record.clientName);
  const farmName = text(record.farmName);
  const name = text(record.name);
  if (clientName === undefined || farmName === undefined || name === undefined || boundary === undefined)
    return undefined;
  const field: UploadField = { clientName, farmName, name, boundary };
  const acres = record.acres?.value;
  if (typeof acres === 'number') field.acres = acres;
  else if (typeof acres === 'string' && acres.trim() !== '' && Number.isFinite(Number(acres)))
    field.acres = Number(acres);
  const source = text(record.source);
  if (source !== undefined) field.source = source;
  return field;
}

/** The record of a field of an upload (its diagnostics are attached by the caller). */
export function fieldUploadRecord(record: FieldRecord): KindRecord {
  const field = uploadFieldOf(record);
  const userName = text(record.userName)?.trim();
  const out: KindRecord = {
    row: record.row,
    type: 'field',
    label: fieldLabel({
      name: text(record.name),
      farmName: text(record.farmName),
      clientName: text(record.clientName),
    }),
    columns: {
      clientName: cell(record.clientName),
      farmName: cell(record.farmName),
      name: cell(record.name),
      acres: cell(record.acres),
      source: cell(record.source),
      ...(record.userName ? { userName: cell(record.userName) } : {}),
    },
    diagnostics: [],
  };
  if (!field) out.unsendable = 'the field lacks a client, farm, field name or boundary';
  else out.action = { call: 'uploadFields', ...(userName ? { userName } : {}), fields: [field] };
  return out;
}

/** An item of `fields` that is not a field object: listed, never sent. */
export function notAFieldRecord(row: number): KindRecord {
  return {
    row,
    type: 'field',
    label: `item ${row} of "fields"`,
    columns: {},
    unsendable: 'the item is not a field object',
    diagnostics: [],
  };
}
