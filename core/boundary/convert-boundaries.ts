/**
 * `fieldgate convert` in the core: a boundary file (zipped shapefile, GeoJSON, KML) → field upload items,
 * reprojected to WGS 84, with attributes mapped, every boundary checked. Pure: bytes in, items and
 * diagnostics out; the CLI writes the file.
 */

import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { CrsDefinition } from '../crs/crs-catalog.ts';
import type { InputFile } from '../input/file-kind.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import type { RuleSelection } from '../rules/selection.ts';
import { toFieldItems, type FieldItemOptions, type FieldUploadItem } from './field-attributes.ts';
import {
  checkFeatureBoundary,
  detectBoundaryFormat,
  importBoundaries,
  type BoundaryFormat,
} from './import-boundaries.ts';

export interface ConvertBoundariesOptions extends FieldItemOptions {
  /** Force the input format instead of detecting it. */
  format?: BoundaryFormat;
  selection?: RuleSelection;
  /** Check the converted boundaries (default true). */
  check?: boolean;
  /** Relative acreage tolerance for ACR001 (fraction, default 0.02). */
  acreageTolerance?: number;
  /**
   * Called after each converted field's boundary is checked: how many are, of how many, and the diagnostics
   * found since the last call (the first call's include the import's). For a progress line: it should only
   * count and look at the clock (the conversion runs in one go).
   */
  progress?: (checked: number, of: number, found: readonly Diagnostic[]) => void;
}

export interface ConvertBoundariesResult {
  format?: BoundaryFormat;
  items: FieldUploadItem[];
  /** Import and mapping problems, then the boundary checks' findings. */
  diagnostics: Diagnostic[];
  /** Every feature of the file became an item (no import or mapping error). */
  complete: boolean;
  /** Items whose boundary has an error-level diagnostic. */
  itemsWithErrors: number;
  reprojectedFrom?: CrsDefinition;
  /** Decoded text of text formats, for code frames. */
  text?: string;
}

/** "fields/North Farm.zip" → "North Farm"; undefined for stdin and names without a stem. */
export function fileBaseName(name: string): string | undefined {
  if (name === '' || name === '-' || name.startsWith('<')) return undefined;
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim();
  return stem === '' ? undefined : stem;
}

export function convertBoundaries(
  file: InputFile,
  options: ConvertBoundariesOptions = {},
): ConvertBoundariesResult {
  const collector = new DiagnosticCollector(options.selection);
  const format = options.format ?? detectBoundaryFormat(file);
  if (!format) return { items: [], diagnostics: [], complete: false, itemsWithErrors: 0 };
  const imported = importBoundaries(file, format, collector);
  const result: ConvertBoundariesResult = {
    format,
    items: [],
    diagnostics: collector.diagnostics,
    complete: false,
    itemsWithErrors: 0,
  };
  if (imported.text !== undefined) result.text = imported.text;
  if (imported.reprojectedFrom) result.reprojectedFrom = imported.reprojectedFrom;
  if (imported.failed && imported.features.length === 0) return result;

  const itemOptions: FieldItemOptions = { ...options };
  const baseName = fileBaseName(file.name);
  if (options.defaultFarmName === undefined && baseName !== undefined) itemOptions.defaultFarmName = baseName;
  const converted = toFieldItems(imported, itemOptions, collector, {});
  result.items = converted.fields.map((f) => f.item);
  result.complete = converted.complete && !imported.failed && !hasErrors(collector.diagnostics);

  if (options.check !== false) {
    const progress = options.progress;
    const of = converted.fields.length;
    let passedOn = 0;
    for (const [position, { item, feature, acresAttribute }] of converted.fields.entries()) {
      const before = collector.diagnostics.length;
      const stated =
        item.acres === undefined
          ? undefined
          : { acres: item.acres, ...(acresAttribute ? { attribute: acresAttribute } : {}) };
      checkFeatureBoundary(
        feature,
        item.boundary,
        stated,
        options.acreageTolerance,
        collector,
        format,
        position,
      );
      if (hasErrors(collector.diagnostics.slice(before))) result.itemsWithErrors++;
      if (progress) {
        progress(position + 1, of, collector.diagnostics.slice(passedOn));
        passedOn = collector.diagnostics.length;
      }
    }
  }
  return result;
}
