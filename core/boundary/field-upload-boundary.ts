/**
 * The boundary checks for field upload items, in the shape the field-upload document check takes
 * (CheckFieldUploadOptions['checkBoundary'] in core/fields/check-field-upload.ts):
 *
 *   checkFieldUploadDocument(root, lines, collector, { checkBoundary: checkFieldUploadBoundary })
 */

import type { Location } from '../diagnostics/diagnostic.ts';
import type { BoundaryInput } from '../fields/check-field-upload.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import { checkBoundary, type CheckBoundaryOptions } from './check-boundary.ts';

/**
 * The field-upload check always gives the WKT's document offset, and an offset map as well when the JSON
 * string has escapes, so every range lands on the document's own characters.
 */
export function checkFieldUploadBoundary(input: BoundaryInput, collector: DiagnosticCollector): void {
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
  const base = input.mapOffset
    ? { lines: input.lines, mapOffset: input.mapOffset, location }
    : { lines: input.lines, offset: input.offset, location };
  checkBoundary(input.wkt, options, collector, base);
}
