/**
 * A sampleDate value on its own (`validate --sample-date VALUE`, or a file holding just the value with
 * `--kind sample-date`): the rules of the `sampleDate` query parameter of POST /v2/soil/modus/result.
 */
import { checkSampleDate } from '../rules/sample-date/check-sample-date.ts';
import {
  decodeTextFile,
  type FileKind,
  type FileReport,
  type InputFile,
  type ValidateOptions,
  VALIDATES_ONLY,
} from '../input/file-kind.ts';

const SAMPLE_DATE_KIND = 'sample-date';

/** Check one sampleDate value, as the report of a "file" named `name`. */
function checkSampleDateValue(name: string, value: string, options: ValidateOptions): FileReport {
  const diagnostics = checkSampleDate(value, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.selection ? { selection: options.selection } : {}),
  });
  return { file: name, kind: SAMPLE_DATE_KIND, diagnostics, text: value };
}

export const sampleDateFileKind: FileKind = {
  id: SAMPLE_DATE_KIND,
  title: 'A sampleDate value (--sample-date VALUE, or a file holding just the value)',
  can: VALIDATES_ONLY,
  // Only by name: any short text could be a date.
  detect: () => 0,
  async validate(file: InputFile, options: ValidateOptions): Promise<FileReport> {
    return checkSampleDateValue(file.name, decodeTextFile(file.bytes).replace(/\r?\n$/, ''), options);
  },
};
