/**
 * What the workbench saves: the problems (core's problems CSV, in the encoding and delimiter of the CSV
 * batches they are about, and its HTML report: the same files `fieldgate validate --format csv|html`
 * writes), each changed file as it is now (`name.fixed.ext`, as `fieldgate fix` names it) and the change
 * log (every edit, fix and undo, in order).
 */
import { htmlReport, problemsCsvBytes, sniffTextEncoding, spreadsheetCsvText } from '../../core/index.ts';
import { acrossFilesDiagnostics } from '../state/across-files.ts';
import { useBatch, type BatchFile, type Problem } from '../state/batch.tsx';
import { saveFile } from './save-file.ts';

type HtmlReportFile = Parameters<typeof htmlReport>[0]['files'][number];

/** The text a file was checked as (what its ranges point into); none past this size. */
const TEXT_MAX_BYTES = 64 * 1024 * 1024;

function checkedText(file: BatchFile): string | undefined {
  if (file.current.length > TEXT_MAX_BYTES) return undefined;
  const summary = file.result?.summary as { type?: string; encoding?: string } | undefined;
  const encoding =
    summary?.type === 'csv-batch' && summary.encoding
      ? summary.encoding
      : sniffTextEncoding(file.current).encoding;
  try {
    return new TextDecoder(encoding).decode(file.current);
  } catch {
    return undefined;
  }
}

/** The files as the command line reports them: each with the problems the checks across files found on it. */
function reportFiles(files: readonly BatchFile[], acrossFiles: readonly Problem[]): HtmlReportFile[] {
  return files.flatMap((f) => {
    if (!f.result) return [];
    const text = checkedText(f);
    return [
      {
        file: f.name,
        kind: f.result.kind,
        diagnostics: [...f.result.diagnostics, ...acrossFilesDiagnostics(f, acrossFiles)],
        summary: f.result.summary,
        ...(text !== undefined ? { text } : {}),
        ...(f.result.features ? { features: f.result.features } : {}),
      },
    ];
  });
}

/** `fields.csv` → `fields.fixed.csv`, as `fieldgate fix` names its copy. */
function fixedName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}.fixed${name.slice(dot)}` : `${name}.fixed`;
}

export function BatchExports() {
  const batch = useBatch();
  const checked = batch.files.filter((f) => f.result);
  if (checked.length === 0) return null;
  const changed = batch.files.filter((f) => f.changes.length > 0);
  const log = batch.changeLog;
  // The problems are exported once the checks across files have found theirs (they are part of them).
  const waiting = batch.acrossChecking ? 'Comparing the files with one another…' : undefined;
  return (
    <section className="batch-exports" aria-labelledby="exports-title">
      <h2 id="exports-title">Export</h2>
      <div className="actions">
        <button
          type="button"
          disabled={batch.acrossChecking}
          title={waiting}
          onClick={() => {
            const { bytes, format } = problemsCsvBytes({ files: reportFiles(checked, batch.acrossFiles) });
            saveFile('fieldgate-problems.csv', `text/csv; charset=${format.encoding}`, bytes);
          }}
        >
          Problems (CSV)
        </button>
        <button
          type="button"
          disabled={batch.acrossChecking}
          title={waiting}
          onClick={() =>
            saveFile(
              'fieldgate-report.html',
              'text/html',
              htmlReport({ files: reportFiles(checked, batch.acrossFiles) }),
            )
          }
        >
          Problems (HTML report)
        </button>
        {changed.map((f) => (
          <button
            key={f.key}
            type="button"
            onClick={() => saveFile(fixedName(f.name), 'application/octet-stream', f.current)}
          >
            Fixed file {fixedName(f.name)}
          </button>
        ))}
        <button
          type="button"
          disabled={log.length === 0}
          onClick={() =>
            saveFile(
              'fieldgate-changes.csv',
              'text/csv',
              spreadsheetCsvText(
                [['time', 'file', 'change', 'detail'], ...log.map((e) => [e.at, e.file, e.change, e.detail])],
                { delimiter: ',', sepLine: false, bom: false },
              ),
            )
          }
        >
          Change log (CSV)
        </button>
      </div>
      {log.length > 0 && (
        <details className="change-log">
          <summary>Changes ({log.length})</summary>
          <ol>
            {log.map((e, i) => (
              <li key={i}>
                {e.file}: {e.change}: {e.detail}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
