/**
 * The column-mapping step of a CSV batch whose headers are not its kind's: each column of the file with
 * sample values, what its values look like and what it may be (core's suggestions, ranked by name and
 * content), one value for every row where the file has no column, and what the mapping changes before it
 * is applied (the first rows as they will be read; the problems now and with it). Applying checks the file
 * again with the mapping (the batch state's, so it is the one validated and submitted), and the host
 * remembers it for the header set: the next file with these headers is read with it at once, and says so.
 */
import { useState } from 'react';
import {
  batchKinds,
  formatCount,
  rowsAsMapped,
  suggestColumns,
  suggestedMapping,
  type BatchKind,
  CONTENT_WORDS,
  type CsvMapping,
} from '../../core/index.ts';
import {
  csvColumnsOf,
  problemCounts,
  useBatch,
  type BatchFile,
  type ProblemCounts,
} from '../state/batch.tsx';

/** Rows shown as they will be read. */
const SHOWN_ROWS = 3;

export function ColumnMappings() {
  const batch = useBatch();
  const csv = batch.files.filter((f) => f.result?.kind.startsWith('csv-'));
  if (csv.length === 0) return null;
  return (
    <div className="column-mappings">
      {csv.map((f) => (
        <ColumnMapping key={`${f.key}:${JSON.stringify(f.mapping ?? {})}`} file={f} />
      ))}
    </div>
  );
}

const countsText = (c: ProblemCounts): string =>
  `${formatCount(c.errors)} error${c.errors === 1 ? '' : 's'}, ${formatCount(c.warnings)} warning${c.warnings === 1 ? '' : 's'}`;

/** Header → batch column, from a mapping's batch column → header. */
function usesOf(columns: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(columns ?? {}).map(([column, header]) => [header, column]));
}

function ColumnMapping({ file }: { file: BatchFile }) {
  const batch = useBatch();
  const read = csvColumnsOf(file);
  const headers = read?.headers ?? [];
  const sampleRows = file.sample?.rows ?? [];
  const [kindId, setKindId] = useState(file.mapping?.kind ?? file.result?.kind);
  const kind = batchKinds.find((k) => k.id === kindId);
  const sources = kind ? suggestColumns(kind, headers, sampleRows) : [];
  // What each header is used as: the mapping applied; else the headers matched by name, and the
  // suggestions likely enough for the rest.
  const [uses, setUses] = useState<Record<string, string>>(() =>
    file.mapping
      ? usesOf(file.mapping.columns)
      : { ...usesOf(kind ? suggestedMapping(kind, sources).columns : {}), ...usesOf(read?.columns) },
  );
  const [values, setValues] = useState<Record<string, string>>(file.mapping?.values ?? {});
  const [preview, setPreview] = useState<{ mapping: string; counts: ProblemCounts } | undefined>();
  if (!kind || !read) return null;

  const mapping: CsvMapping = {
    kind: kind.id,
    columns: Object.fromEntries(
      Object.entries(uses)
        .filter(([header, column]) => column && headers.includes(header))
        .map(([header, column]) => [column, header]),
    ),
    values: Object.fromEntries(
      Object.entries(values).filter(([column, v]) => v && !Object.values(uses).includes(column)),
    ),
  };
  const mappingKey = JSON.stringify(mapping);
  const missing = kind.columns.filter(
    (c) => c.required && !mapping.columns?.[c.name] && !mapping.values?.[c.name],
  );
  // A step to take while the file as read lacks a required column, or its headers were never mapped.
  const needed = read.missing > 0 || (!file.mapping && read.unmatched.length > 0);
  const id = `mapping-${file.key}`;
  const shown = rowsAsMapped(kind, headers, sampleRows.slice(0, SHOWN_ROWS), mapping);
  const now = problemCounts(file.result?.diagnostics);

  /** Another kind: its own suggestions (a column of the old kind means nothing to it). */
  function changeKind(id: string) {
    const next = batchKinds.find((k) => k.id === id);
    if (!next) return;
    setKindId(next.id);
    setUses(usesOf(suggestedMapping(next, suggestColumns(next, headers, sampleRows)).columns));
    setValues({});
  }

  function use(header: string, column: string) {
    // A column is read from one header: choosing it here takes it from any other.
    const next = Object.fromEntries(Object.entries(uses).filter(([, c]) => c !== column || !column));
    setUses({ ...next, [header]: column });
  }

  return (
    <details className="column-mapping" open={needed}>
      <summary id={id}>
        {needed ? 'Map the columns of ' : 'Columns of '}
        {file.name} ({kind.id}):{' '}
        {file.mappingRemembered
          ? 'the mapping chosen before for these headers is applied'
          : needed
            ? `${read.unmatched.length} column(s) not used, ${read.missing} required column(s) missing`
            : 'every required column is read'}
      </summary>
      <div className="toolbar">
        <label>
          Kind of batch{' '}
          <select value={kind.id} onChange={(e) => changeKind(e.target.value)}>
            {batchKinds.map((k) => (
              <option key={k.id} value={k.id}>
                {k.id}
              </option>
            ))}
          </select>
        </label>
      </div>
      <table aria-labelledby={id} className="mapping-sources">
        <thead>
          <tr>
            <th scope="col">Column of the file</th>
            <th scope="col">Sample values</th>
            <th scope="col">Values are</th>
            <th scope="col">Read as</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr key={s.index} data-testid="mapping-source">
              <th scope="row">{s.header}</th>
              <td className="samples">{s.samples.join(' · ') || '(empty)'}</td>
              <td>{CONTENT_WORDS[s.content]}</td>
              <td>
                <select
                  aria-label={`Read ${s.header} as`}
                  value={uses[s.header] ?? ''}
                  onChange={(e) => use(s.header, e.target.value)}
                >
                  <option value="">(not used)</option>
                  {s.suggestions.length > 0 && (
                    <optgroup label="Suggested">
                      {s.suggestions.map((g) => (
                        <option key={g.column} value={g.column}>
                          {g.column}: {g.reason}
                        </option>
                      ))}
                    </optgroup>
                  )}
                  <optgroup label={`Columns of ${kind.id}`}>
                    {kind.columns
                      .filter((c) => !s.suggestions.some((g) => g.column === c.name))
                      .map((c) => (
                        <option key={c.name} value={c.name}>
                          {c.name}
                        </option>
                      ))}
                  </optgroup>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConstantValues kind={kind} mapping={mapping} values={values} onChange={setValues} />
      <h4>What it changes</h4>
      <table aria-label={`The first rows of ${file.name} as they will be read`} className="mapping-rows">
        <thead>
          <tr>
            {kind.columns.map((c) => (
              <th key={c.name} scope="col">
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={i}>
              {kind.columns.map((c) => {
                const value = row[c.name];
                return (
                  <td key={c.name} className={value === undefined && c.required ? 'missing' : undefined}>
                    {value ?? (c.required ? '(missing)' : '')}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="mapping-missing">
        {missing.length === 0
          ? 'Every required column is read.'
          : `Still missing: ${missing.map((c) => c.name).join(', ')}.`}
      </p>
      <p role="status" data-testid="mapping-problems">
        Problems now: {countsText(now)}
        {preview?.mapping === mappingKey ? `; with this mapping: ${countsText(preview.counts)}` : ''}
      </p>
      <div className="toolbar">
        <button
          type="button"
          disabled={file.state === 'checking'}
          onClick={() =>
            void batch
              .previewMapping(file.key, mapping)
              .then((counts) => setPreview({ mapping: mappingKey, counts }))
          }
        >
          Count the problems with this mapping
        </button>
        <button
          type="button"
          onClick={() => void batch.setMapping(file.key, mapping)}
          disabled={file.state === 'checking'}
        >
          Apply this mapping to {file.name}
        </button>
      </div>
    </details>
  );
}

/** One value for every row, for the kind's columns no header is read as. */
function ConstantValues({
  kind,
  mapping,
  values,
  onChange,
}: {
  kind: BatchKind;
  mapping: CsvMapping;
  values: Record<string, string>;
  onChange(values: Record<string, string>): void;
}) {
  const open = kind.columns.filter((c) => !mapping.columns?.[c.name]);
  if (open.length === 0) return null;
  return (
    <fieldset className="mapping-values">
      <legend>One value for every row (columns the file does not have)</legend>
      {open.map((c) => (
        <label key={c.name} title={c.description}>
          {c.name}
          {c.required ? ' (required)' : ''}
          <input
            aria-label={`Value of ${c.name} for every row`}
            value={values[c.name] ?? ''}
            placeholder={c.example}
            onChange={(e) => onChange({ ...values, [c.name]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}
