/**
 * The sandbox validates requests with the same core rules as the client's preflight, so every refusal the
 * sandbox gives is one the preflight explains. This module is the one place that wires the core checks in.
 */
import type { Diagnostic } from '../core/diagnostics/diagnostic.ts';
import { checkFieldUploadText } from '../core/fields/check-field-upload.ts';
import type { InputFile } from '../core/formats/file-kind.ts';
import { fileKindById } from '../core/formats/registry.ts';
import { checkServiceRequest } from '../core/requests/check-request.ts';
import type { ServiceRequest } from '../core/requests/request-subject.ts';
import { checkSampleDate } from '../core/rules/sample-date/check-sample-date.ts';

/** Rules of the version 5 interface: enrollment type header, body fields, TemporalEntity, update and query rules. */
export function checkV5Request(request: ServiceRequest, now: Date): Diagnostic[] {
  return checkServiceRequest(request, { now });
}

/** Rules of `sampleDate` (POST /v2/soil/modus/result). */
export function checkSampleDateValue(value: string | undefined, now: Date): Diagnostic[] {
  return checkSampleDate(value, { now, location: { path: ['query', 'sampleDate'], field: 'sampleDate' } });
}

/** Rules of a POST /v2/fields body, boundaries included (the core's default boundary pipeline). */
export function checkFieldUpload(text: string): Diagnostic[] {
  return checkFieldUploadText(text);
}

export type UploadKindId = 'rx-zip' | 'modus-result';

/** Validates an uploaded file with its core file kind (both kinds are registered in core/formats/registry.ts). */
export async function checkUploadedFile(
  kindId: UploadKindId,
  file: InputFile,
  options: { now: Date; sampleDate?: string },
): Promise<Diagnostic[]> {
  const kind = fileKindById(kindId);
  if (!kind) throw new Error(`the core file kind ${kindId} is not registered`);
  const report = await kind.validate(file, {
    now: () => options.now,
    ...(options.sampleDate !== undefined ? { sampleDate: options.sampleDate } : {}),
  });
  return report.diagnostics;
}
