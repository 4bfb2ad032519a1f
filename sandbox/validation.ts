/**
 * The sandbox validates requests with the same core rules as the client's preflight, so every refusal the
 * sandbox gives is one the preflight explains. This module is the one place that wires the core checks in.
 */
import type { Diagnostic } from '../core/diagnostics/diagnostic.ts';
import { checkFieldUploadText } from '../core/fields/check-field-upload.ts';
import type { InputFile } from '../core/formats/file-kind.ts';
import { fileKindById } from '../core/formats/registry.ts';
import { checkServiceRequest } from '../core/requests/check-request.ts';
import { checkSampleDate } from '../core/rules/sample-date/check-sample-date.ts';

export interface V5RequestInput {
  method: string;
  /** Relative to the version 5 base: "/v5/enrollments/…". */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  bodyText: string;
}

/** Rules of the version 5 interface: enrollment type header, body fields, TemporalEntity, update and query rules. */
export function checkV5Request(input: V5RequestInput, now: Date): Diagnostic[] {
  return checkServiceRequest(
    {
      method: input.method,
      path: input.path,
      query: input.query,
      headers: input.headers,
      bodyText: input.bodyText,
    },
    { now },
  );
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

/**
 * Validates an uploaded file with its core file kind. `checked` is false when the kind is not registered (the
 * sandbox then accepts the file after the minimal checks of `minimalFileCheck`).
 */
export async function checkUploadedFile(
  kindId: UploadKindId,
  file: InputFile,
  options: { now: Date; sampleDate?: string },
): Promise<{ checked: boolean; diagnostics: Diagnostic[] }> {
  const kind = fileKindById(kindId);
  if (!kind) return { checked: false, diagnostics: [] };
  const report = await kind.validate(file, {
    now: () => options.now,
    ...(options.sampleDate !== undefined ? { sampleDate: options.sampleDate } : {}),
  });
  return { checked: true, diagnostics: report.diagnostics };
}

/** The least a file must be when no core kind checks it: a ZIP starts with "PK", a Modus result is XML. */
export function minimalFileCheck(kindId: UploadKindId, bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return 'the file is empty';
  if (kindId === 'rx-zip') {
    return bytes[0] === 0x50 && bytes[1] === 0x4b
      ? undefined
      : 'the file is not a ZIP archive (it does not start with "PK")';
  }
  const head = new TextDecoder('utf-8')
    .decode(bytes.subarray(0, 4096))
    .replace(/^\ufeff/, '')
    .trimStart();
  if (!head.startsWith('<')) return 'the file is not XML';
  return /<(\w+:)?ModusResult[\s>]/.test(new TextDecoder('utf-8').decode(bytes))
    ? undefined
    : 'the file has no ModusResult root element';
}
