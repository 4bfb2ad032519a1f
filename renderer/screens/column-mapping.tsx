/**
 * The column-mapping step of a CSV batch: which header of the file holds each column of the batch kind, or
 * one value for every row. Applying checks the file again with the mapping (the engine's `mapping` setting).
 */
import { useState } from 'react';
import { batchKinds } from '../../core/index.ts';
import { useBatch, type BatchFile } from '../state/batch.tsx';

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

function ColumnMapping({ file }: { file: BatchFile }) {
  const batch = useBatch();
  const summary = file.result?.summary?.type === 'csv-batch' ? file.result.summary : undefined;
  // The mapping applied (the batch's), else the one the file was read with (headers matched by name).
  const applied = file.mapping ?? summary?.mapping;
  const kind = batchKinds.find((k) => k.id === (applied?.kind ?? file.result?.kind));
  const headers = summary?.headers ?? [];
  const [columns, setColumns] = useState<Record<string, string>>({
    ...summary?.mapping.columns,
    ...applied?.columns,
  });
  const [values, setValues] = useState<Record<string, string>>(applied?.values ?? {});
  if (!kind) return null;
  const unmatched = headers.filter((h) => !Object.values(columns).includes(h));
  const missing = kind.columns.filter((c) => c.required && !columns[c.name] && !values[c.name]);
  const id = `mapping-${file.key}`;

  function apply() {
    const mapping = {
      kind: kind!.id,
      columns: Object.fromEntries(Object.entries(columns).filter(([, h]) => h)),
      values: Object.fromEntries(Object.entries(values).filter(([, v]) => v)),
    };
    void batch.setMapping(file.key, mapping);
  }

  return (
    <details className="column-mapping" open={unmatched.length > 0 || missing.length > 0}>
      <summary id={id}>
        Column mapping of {file.name} ({kind.id}): {unmatched.length} header(s) not used, {missing.length}{' '}
        required column(s) missing
      </summary>
      <table aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Read from the header</th>
            <th scope="col">Or one value for every row</th>
          </tr>
        </thead>
        <tbody>
          {kind.columns.map((c) => (
            <tr key={c.name}>
              <th scope="row" title={c.description}>
                {c.name}
                {c.required ? ' (required)' : ''}
              </th>
              <td>
                <select
                  aria-label={`Header for ${c.name}`}
                  value={columns[c.name] ?? ''}
                  onChange={(e) => setColumns({ ...columns, [c.name]: e.target.value })}
                >
                  <option value="">(not in the file)</option>
                  {headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input
                  aria-label={`Value of ${c.name} for every row`}
                  value={values[c.name] ?? ''}
                  placeholder={c.example}
                  onChange={(e) => setValues({ ...values, [c.name]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={apply} disabled={file.state === 'checking'}>
        Check {file.name} again with this mapping
      </button>
    </details>
  );
}
