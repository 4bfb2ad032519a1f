/**
 * Imported features → field upload items (FieldWithBoundaryAndHierarchy): clientName, farmName and name
 * from attributes or from values given for the whole file, acres from an acres (or hectares) attribute,
 * the boundary as WKT. What was guessed is said (IMP006); what is missing is an error (IMP005).
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import { ACRES_PER_HECTARE } from '../geodesy/area.ts';
import { attributeMapping, attributeMissing } from './import-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { AttributeValue, BoundaryFeature, BoundaryImport } from './boundary-feature.ts';
import { polygonsToWkt } from './write-wkt.ts';
import { areaUnitOfName, foldName, namesInOtherLanguages } from '../records/field-names.ts';

/** One item of the body of POST /v2/fields. */
export interface FieldUploadItem {
  clientName: string;
  farmName: string;
  name: string;
  /** WKT in WGS 84. */
  boundary: string;
  acres?: number;
  source?: string;
}

export type FieldTarget = 'clientName' | 'farmName' | 'name' | 'acres';
export const FIELD_TARGETS: readonly FieldTarget[] = ['clientName', 'farmName', 'name', 'acres'];

export interface FieldItemOptions {
  /** Attribute for each target (case-insensitive): { name: 'FIELD_NAME', acres: 'CSBACRES' }. */
  mapping?: Partial<Record<FieldTarget, string>>;
  /** Values for every field, used unless `mapping` names an attribute: --client, --farm. */
  clientName?: string;
  farmName?: string;
  /**
   * farmName of every field when no option or attribute gives one (convert passes the file's base name), so
   * a file without farms still converts; the import says so (IMP006 `defaulted`).
   */
  defaultFarmName?: string;
  /** `source` of every item (the partner's name). */
  source?: string;
  /** Round WKT coordinates to this many decimals; default: 9 when reprojected, as read otherwise. */
  decimals?: number;
}

export interface ConvertedField {
  item: FieldUploadItem;
  feature: BoundaryFeature;
  /** The attribute the acres came from, when they came from one. */
  acresAttribute?: string;
}

/** Guesses, in order of preference, compared without case, spaces, '_' and '-'. */
const CANDIDATES: Record<FieldTarget, string[]> = {
  clientName: [
    'clientName',
    'client',
    'client_nm',
    'grower',
    'growerName',
    'customer',
    'customerName',
    'owner',
    ...namesInOtherLanguages('clientName'),
  ],
  farmName: ['farmName', 'farm', 'farm_nm', 'farmname', ...namesInOtherLanguages('farmName')],
  name: [
    'name',
    'fieldName',
    'field_nm',
    'fld_name',
    'fldname',
    'field',
    ...namesInOtherLanguages('name'),
    'skiftesbet',
    'title',
    'label',
    'fieldId',
    'field_id',
    'CSBID',
    'id',
    'fid',
  ],
  acres: [
    'acres',
    'acre',
    'ac',
    'acreage',
    'areaAcres',
    'area_ac',
    'totalAcres',
    'gisAcres',
    'calcAcres',
    'CSBACRES',
  ],
};
const HECTARE_CANDIDATES = ['hectares', 'hectare', 'ha', 'area_ha', 'areaHa', 'flaeche_ha'];

/** An attribute named in a mapping: exact, else without regard to case. */
function findAttribute(attributes: readonly string[], wanted: string): string | undefined {
  return (
    attributes.find((a) => a === wanted) ?? attributes.find((a) => a.toLowerCase() === wanted.toLowerCase())
  );
}

/** The first candidate the file has, compared loosely (foldName: case, spaces, '_', '-' and accents ignored). */
function guess(attributes: readonly string[], candidates: readonly string[]): string | undefined {
  const folded = attributes.map(foldName);
  for (const c of candidates) {
    const at = folded.indexOf(foldName(c));
    if (at >= 0) return attributes[at];
  }
  return undefined;
}

function text(value: AttributeValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = typeof value === 'string' ? value.trim() : String(value);
  return s === '' ? undefined : s;
}

function numeric(value: AttributeValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim().replace(/,(?=\d{1,}$)/, '.'));
  return Number.isFinite(n) ? n : undefined;
}

type Source =
  | { kind: 'attribute'; attribute: string; hectares: boolean }
  | { kind: 'value'; value: string }
  /** "Field 1", "Field 2" … in file order, when nothing names the fields. */
  | { kind: 'numbered' }
  | { kind: 'none' };

/**
 * Turn imported features into upload items. Returns only complete items; `complete` is false when some
 * feature could not become one (an error was reported for it).
 */
export function toFieldItems(
  imported: BoundaryImport,
  options: FieldItemOptions,
  collector: DiagnosticCollector,
  fileLocation: Location,
): { fields: ConvertedField[]; complete: boolean } {
  const attributes = imported.attributes;
  const sources = {} as Record<FieldTarget, Source>;
  let complete = true;

  for (const target of FIELD_TARGETS) {
    const mapped = options.mapping?.[target];
    if (mapped !== undefined) {
      const found = findAttribute(attributes, mapped);
      if (found === undefined) {
        collector.report(attributeMapping, {
          messageId: 'unknownAttribute',
          severity: 'error',
          data: {
            target,
            attribute: mapped,
            available: attributes.length > 0 ? attributes.join(', ') : '(none)',
          },
          location: fileLocation,
          hint: 'Attribute names are matched without regard to case; pick one of the listed names.',
        });
        sources[target] = { kind: 'none' };
        complete = false;
      } else sources[target] = { kind: 'attribute', attribute: found, hectares: false };
      continue;
    }
    const given =
      target === 'clientName' ? options.clientName : target === 'farmName' ? options.farmName : undefined;
    if (given !== undefined && given.trim() !== '') {
      sources[target] = { kind: 'value', value: given.trim() };
      continue;
    }
    const guessed =
      target === 'acres' ? guessAcresAttribute(attributes) : guessAttribute(attributes, CANDIDATES[target]);
    if (guessed !== undefined) {
      const { attribute, hectares } = guessed;
      sources[target] = { kind: 'attribute', attribute, hectares };
      collector.report(attributeMapping, {
        messageId: 'guessed',
        data: { target, attribute: hectares ? `${attribute} (hectares × 2.4711)` : attribute },
        location: fileLocation,
      });
      continue;
    }
    const fallback = target === 'farmName' ? options.defaultFarmName?.trim() : undefined;
    if (fallback !== undefined && fallback !== '') {
      sources[target] = { kind: 'value', value: fallback };
      collector.report(attributeMapping, {
        messageId: 'defaulted',
        data: { target, value: fallback, reason: "the file's name", option: 'farm' },
        location: fileLocation,
        hint: `Check that "${fallback}" is the farm these fields belong to; give the real one with --farm NAME.`,
      });
      continue;
    }
    if (target === 'name' && options.defaultFarmName !== undefined && imported.features.length > 0) {
      // Convert numbers the fields rather than writing nothing; each name is unique within the file.
      sources[target] = { kind: 'numbered' };
      collector.report(attributeMapping, {
        messageId: 'numbered',
        data: { count: imported.features.length },
        location: fileLocation,
        hint: `Rename the fields after converting, or map the attribute that holds their names with --map name=ATTRIBUTE (the file has ${attributes.join(', ') || 'no attributes'}).`,
      });
      continue;
    }
    sources[target] = { kind: 'none' };
    if (target !== 'acres' && imported.features.length > 0) {
      complete = false;
      collector.report(attributeMissing, {
        messageId: 'noSource',
        data: {
          target,
          candidates: CANDIDATES[target].slice(0, 6).join(', '),
        },
        location: fileLocation,
        hint:
          target === 'name'
            ? 'Map the attribute that holds the field names, e.g. --map name=FIELD_NAME.'
            : `Give one ${target} for all fields with --${target === 'clientName' ? 'client' : 'farm'} NAME, or map an attribute with --map ${target}=ATTRIBUTE.`,
      });
    }
  }
  if (!complete) return { fields: [], complete };

  const decimals = options.decimals ?? (imported.reprojectedFrom ? 9 : undefined);
  const fields: ConvertedField[] = [];
  for (const [position, feature] of imported.features.entries()) {
    const values: Partial<Record<'clientName' | 'farmName' | 'name', string>> = {};
    let ok = true;
    for (const target of ['clientName', 'farmName', 'name'] as const) {
      const source = sources[target];
      const value =
        source.kind === 'value'
          ? source.value
          : source.kind === 'attribute'
            ? text(feature.properties[source.attribute])
            : source.kind === 'numbered'
              ? `Field ${position + 1}`
              : undefined;
      if (value === undefined) {
        ok = false;
        collector.report(attributeMissing, {
          messageId: 'empty',
          data: {
            feature: feature.label,
            target,
            attribute: source.kind === 'attribute' ? source.attribute : '(none)',
          },
          location: {
            ...feature.location,
            ...(source.kind === 'attribute' ? { field: source.attribute } : {}),
          },
          hint: `Fill in ${target} for this feature, or map another attribute with --map ${target}=ATTRIBUTE.`,
        });
      } else values[target] = value;
    }
    if (!ok) {
      complete = false;
      continue;
    }
    const item: FieldUploadItem = {
      clientName: values.clientName ?? '',
      farmName: values.farmName ?? '',
      name: values.name ?? '',
      boundary: polygonsToWkt(
        feature.polygons,
        decimals === undefined ? { multi: feature.multi } : { multi: feature.multi, decimals },
      ),
    };
    const acresSource = sources.acres;
    if (acresSource.kind === 'attribute') {
      const raw = feature.properties[acresSource.attribute];
      const acres = acresOf(feature, acresSource);
      if (acres !== undefined) item.acres = acres;
      else if (text(raw) !== undefined) {
        collector.report(attributeMissing, {
          messageId: 'acresNotNumber',
          severity: 'warning',
          data: { feature: feature.label, value: String(raw), attribute: acresSource.attribute },
          location: { ...feature.location, field: acresSource.attribute },
          hint: 'Acres are optional; give a plain number (e.g. 80.5) or leave the value empty.',
        });
      }
    }
    if (options.source !== undefined && options.source.trim() !== '') item.source = options.source.trim();
    const converted: ConvertedField = { item, feature };
    if (item.acres !== undefined && acresSource.kind === 'attribute')
      converted.acresAttribute = acresSource.attribute;
    fields.push(converted);
  }
  return { fields, complete };
}

export interface GuessedAttribute {
  attribute: string;
  /** The values are hectares (converted to acres). */
  hectares: boolean;
}

function guessAttribute(
  attributes: readonly string[],
  candidates: readonly string[],
  hectares = false,
): GuessedAttribute | undefined {
  const attribute = guess(attributes, candidates);
  return attribute === undefined ? undefined : { attribute, hectares };
}

/** The attribute an import would take a hierarchy name from, for validation (features' properties). */
export function guessNameAttribute(
  attributes: readonly string[],
  target: 'clientName' | 'farmName' | 'name',
): string | undefined {
  return guess(attributes, CANDIDATES[target]);
}

/** The acres attribute an import would use (an acres one, else a hectares one), also for validation. */
export function guessAcresAttribute(attributes: readonly string[]): GuessedAttribute | undefined {
  const hectares =
    guess(attributes, HECTARE_CANDIDATES) ??
    // "FLAECHE", "Fläche", "surface": an area in hectares by its name (as a CSV header's is read).
    attributes.find((a) => areaUnitOfName(a)?.symbol === 'ha');
  return (
    guessAttribute(attributes, CANDIDATES.acres) ??
    (hectares === undefined ? undefined : { attribute: hectares, hectares: true })
  );
}

export function acresOf(feature: BoundaryFeature, source: GuessedAttribute): number | undefined {
  const n = numeric(feature.properties[source.attribute]);
  return n === undefined ? undefined : source.hectares ? n * ACRES_PER_HECTARE : n;
}
