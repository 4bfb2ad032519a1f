/**
 * The prescription ZIP file kind (POST /v2/rx): owns .zip files by default. Settings: `rateColumn`
 * (the DBF column holding the rates). Fixes rebuild the ZIP (see rx-fixes.ts).
 */
import type { Diagnostic, FixSafety } from '../diagnostics/diagnostic.ts';
import { extensionOf, type FileKind, type FileReport, type InputFile } from '../formats/file-kind.ts';
import { rebuildRxZip } from './rx-fixes.ts';
import { validateRx } from './validate-rx.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const rxFileKind: FileKind = {
  id: 'rx-zip',
  title: 'Prescription ZIP (zone shapefile, POST /v2/rx)',
  detect(file: InputFile): number {
    if (extensionOf(file.name) === 'zip') return 8;
    const magic = ZIP_MAGIC.every((b, i) => file.bytes[i] === b);
    return magic ? 2 : 0;
  },
  async validate(file, options): Promise<FileReport> {
    const rateColumn = options.settings?.rateColumn;
    const result = validateRx(file.bytes, {
      ...(options.selection ? { selection: options.selection } : {}),
      settings: typeof rateColumn === 'string' ? { rateColumn } : {},
    });
    return { file: file.name, kind: 'rx-zip', diagnostics: result.diagnostics, summary: result.summary };
  },
  async fix(file: InputFile, report: FileReport, allowed: readonly FixSafety[]) {
    const wanted = report.diagnostics.filter(
      (d): d is Diagnostic & { fix: { artifact: string } } =>
        d.fix?.artifact !== undefined && allowed.includes(d.fix.safety),
    );
    if (wanted.length === 0) return undefined;
    const rebuilt = rebuildRxZip(file.bytes, new Set(wanted.map((d) => d.fix.artifact)));
    if (!rebuilt.ok) return undefined;
    return { bytes: rebuilt.bytes, applied: wanted.filter((d) => rebuilt.applied.includes(d.fix.artifact)) };
  },
};
