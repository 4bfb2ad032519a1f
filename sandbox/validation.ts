/**
 * The sandbox validates requests with the same core engine as `fieldgate validate`, so every refusal the
 * sandbox gives is one the preflight explains. This module is the one place that wires the core in.
 */
import {
  checkSampleDate,
  checkServiceRequest,
  editText,
  validate,
  type Diagnostic,
  type EngineInput,
  type EngineOptions,
  type InputFile,
  type ServiceRequest,
} from '../core/index.ts';

/** Rules of the version 5 interface: enrollment type header, body fields, TemporalEntity, update and query rules. */
export function checkV5Request(request: ServiceRequest, now: Date): Diagnostic[] {
  return checkServiceRequest(request, { now });
}

/** Rules of `sampleDate` (POST /v2/soil/modus/result). */
export function checkSampleDateValue(value: string | undefined, now: Date): Diagnostic[] {
  return checkSampleDate(value, { now });
}

/** Rules of a POST /v2/fields body, boundaries included: the engine's `field-upload` kind. */
export async function checkFieldUpload(text: string, now?: Date): Promise<Diagnostic[]> {
  const bytes = new TextEncoder().encode(text);
  return checkWithEngine({ name: 'body.json', bytes, kind: 'field-upload' }, now ? { now } : {});
}

export type UploadKindId = 'rx-zip' | 'modus-result';

/** Validates an uploaded file with the engine, read as the kind its endpoint takes. */
export async function checkUploadedFile(
  kindId: UploadKindId,
  file: InputFile,
  options: { now: Date; sampleDate?: string },
): Promise<Diagnostic[]> {
  return checkWithEngine({ ...file, kind: kindId }, options);
}

/**
 * The diagnostics of one input as the service answers them: without the report's ids and file name, which
 * belong to a report, not to a refusal, and each fix edit with its text (an edit of the report may keep
 * parts of the checked text instead: TextEdit).
 */
async function checkWithEngine(input: EngineInput, options: EngineOptions): Promise<Diagnostic[]> {
  const report = await validate([input], options);
  const text = report.files[0]?.text;
  return report.diagnostics.map(({ id: _id, ...d }) => {
    const { file: _file, ...location } = d.location;
    const edits = d.fix?.edits;
    if (!d.fix || !edits) return { ...d, location };
    const withText = edits.map((e) => ({ start: e.start, end: e.end, text: editText(e, text) }));
    return { ...d, location, fix: { ...d.fix, edits: withText } };
  });
}
