/**
 * The boundary checks for field upload items, in the shape the field-upload document check takes
 * (CheckFieldUploadOptions['checkBoundary'] in core/fields/check-field-upload.ts):
 *
 *   checkFieldUploadDocument(root, lines, collector, { checkBoundary: checkFieldUploadBoundary })
 */

import type { Diagnostic, Location } from '../diagnostics/diagnostic.ts';
import type { BoundaryInput } from '../fields/check-field-upload.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { checkBoundary, type CheckBoundaryOptions } from './check-boundary.ts';

export type FieldUploadBoundaryInput = BoundaryInput;

export function checkFieldUploadBoundary(
  input: FieldUploadBoundaryInput,
  collector: DiagnosticCollector,
): void {
  const location: Location = { path: input.path, row: input.row, field: 'boundary' };
  const options: CheckBoundaryOptions = {};
  if (input.statedAcres !== undefined) options.statedAcres = input.statedAcres;
  if (input.acreageTolerance !== undefined) options.acreageTolerance = input.acreageTolerance;
  if (input.acresSpan) options.acresSpan = input.acresSpan;
  if (input.acresPath) {
    options.acresLocation = { path: input.acresPath, row: input.row, field: 'acres' };
    if (input.acresSpan)
      options.acresLocation.range = input.lines.range(input.acresSpan.start, input.acresSpan.end);
  }
  if (input.offset !== undefined || input.mapOffset) {
    const base = input.mapOffset
      ? { lines: input.lines, mapOffset: input.mapOffset, location }
      : { lines: input.lines, offset: input.offset, location };
    checkBoundary(input.wkt, options, collector, base);
    return;
  }
  // The JSON string has escapes and no offset map: positions inside the WKT cannot be placed in the
  // document, so diagnostics keep the item's path and the polygon/ring/coordinate indices instead.
  const start = collector.diagnostics.length;
  checkBoundary(input.wkt, options, collector, { location });
  for (let i = start; i < collector.diagnostics.length; i++) {
    const d = collector.diagnostics[i] as Diagnostic;
    if (d.group === 'acreage' && input.acresPath) continue;
    const { range: _range, ...rest } = d.location;
    const moved: Diagnostic = { ...d, location: rest };
    if (d.fix?.edits) {
      const { edits: _edits, ...described } = d.fix;
      moved.fix = described;
    }
    collector.diagnostics[i] = moved;
  }
}
