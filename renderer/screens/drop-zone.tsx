/**
 * Where a batch comes in: drop files (several at once) or choose them, open the bundled sample batch, or
 * reopen a recent batch. Dropped files are read here and checked in the validation worker. "Choose files…"
 * opens the system's file dialog where the host has one (Electron), else the page's file input.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { pathOfDroppedFile } from '../bridge/client.ts';
import { BATCH_FILE_EXTENSIONS } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { acrossFilesDiagnostics } from '../state/across-files.ts';
import { fromBase64, problemCounts, useBatch } from '../state/batch.tsx';
import { formatCount } from '../../core/index.ts';

const ACCEPT = BATCH_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
const RECENT_KEY = 'fieldgate-recent-batches';

interface RecentBatch {
  at: string;
  names: string[];
  /** Files the host can read again (examples, files dropped in Electron). */
  paths: string[];
}

function recentBatches(): RecentBatch[] {
  try {
    return JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as RecentBatch[];
  } catch {
    return [];
  }
}

function remember(batch: RecentBatch): void {
  const kept = [batch, ...recentBatches()].slice(0, 8);
  localStorage.setItem(RECENT_KEY, JSON.stringify(kept));
}

export function DropZone() {
  const api = useBridge();
  const batch = useBatch();
  const [over, setOver] = useState(false);
  const [recent, setRecent] = useState(recentBatches);
  const examples = useQuery({ queryKey: ['examples'], queryFn: () => api.listExamples({}) });
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });

  const openPaths = useMutation({
    mutationFn: async (paths: string[]) => {
      const { files } = await api.readFiles({ paths });
      const added = files.map((f) => ({ name: f.name, path: f.path, bytes: fromBase64(f.contentBase64) }));
      remember({ at: new Date().toISOString(), names: added.map((f) => f.name), paths });
      setRecent(recentBatches());
      await batch.addFiles(added);
    },
  });

  const choose = useMutation({
    mutationFn: async () => {
      const { paths } = await api.chooseFiles({});
      if (paths.length > 0) await openPaths.mutateAsync(paths);
    },
  });

  async function addFileList(list: FileList | null) {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    const added = await Promise.all(
      files.map(async (file) => {
        const path = pathOfDroppedFile(file);
        return {
          name: file.name,
          bytes: await readFileBytes(file),
          blob: file,
          ...(path ? { path } : {}),
        };
      }),
    );
    const paths = added.flatMap((f) => (f.path ? [f.path] : []));
    remember({ at: new Date().toISOString(), names: added.map((f) => f.name), paths });
    setRecent(recentBatches());
    await batch.addFiles(added);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void addFileList(event.dataTransfer.files);
  }

  const sample = examples.data?.examples.filter((e) => e.group !== '') ?? [];
  return (
    <section
      // Once files are in, a bar: the grid, problems and map get the screen.
      className={`drop-zone${over ? ' over' : ''}${batch.files.length > 0 ? ' compact' : ''}`}
      aria-labelledby="drop-title"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <h2 id="drop-title">Add files</h2>
      <p className="drop-help">
        Drop files here: CSV batches, boundaries (WKT, GeoJSON, KML, zipped shapefiles), field-upload and
        request JSON, Modus XML soil tests, Rx ZIPs. Several at once.
      </p>
      <div className="actions">
        {info.data?.nativeFileDialog ? (
          <button type="button" disabled={choose.isPending} onClick={() => choose.mutate()}>
            Choose files…
          </button>
        ) : (
          <label className="button">
            Choose files…
            <input
              type="file"
              multiple
              accept={ACCEPT}
              className="visually-hidden"
              onChange={(e) => {
                void addFileList(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        )}
        <button
          type="button"
          disabled={sample.length === 0 || openPaths.isPending}
          onClick={() => openPaths.mutate(sample.map((e) => e.path))}
        >
          Open the sample batch ({sample.length} files)
        </button>
        {batch.files.length > 0 && <ClearBatch />}
        {batch.files.length === 0 && batch.cleared && (
          <span role="status" className="confirm-inline">
            Cleared {formatCount(batch.cleared.files)} file{batch.cleared.files === 1 ? '' : 's'}
            {batch.cleared.changes > 0
              ? ` and ${formatCount(batch.cleared.changes)} change${batch.cleared.changes === 1 ? '' : 's'}`
              : ''}
            .{' '}
            <button type="button" onClick={batch.restoreCleared}>
              Undo clear
            </button>
          </span>
        )}
      </div>
      {(openPaths.error ?? choose.error) && <p role="alert">{(openPaths.error ?? choose.error)!.message}</p>}
      {recent.some((r) => r.paths.length > 0) && (
        <details>
          <summary>Recent batches</summary>
          <ul>
            {recent
              .filter((r) => r.paths.length > 0)
              .map((r) => (
                <li key={r.at}>
                  <button type="button" onClick={() => openPaths.mutate(r.paths)}>
                    {new Date(r.at).toLocaleString()}: {r.names.slice(0, 3).join(', ')}
                    {r.names.length > 3 ? ` and ${r.names.length - 3} more` : ''}
                  </button>
                </li>
              ))}
          </ul>
        </details>
      )}
    </section>
  );
}

const READ_PIECE = 1024 * 1024;

/**
 * A dropped file's bytes, read a megabyte at a time, each piece in its own task. `arrayBuffer()` (or one
 * stream, whose pieces come all at once) copies 13 MB in one main-thread task: 22-63 ms here, while the page
 * should stay responsive.
 */
async function readFileBytes(file: File): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  for (let at = 0; at < file.size; at += READ_PIECE) {
    const piece = new Uint8Array(await file.slice(at, at + READ_PIECE).arrayBuffer());
    bytes.set(piece, at);
  }
  return bytes;
}

/** The batch's files: kind, counts, progress while checking. */
export function BatchFiles() {
  const batch = useBatch();
  if (batch.files.length === 0) return null;
  return (
    <div className="batch-files-box">
      <table className="batch-files" aria-label="Files in the batch">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Kind</th>
            <th scope="col">Errors</th>
            <th scope="col">Warnings</th>
            <th scope="col">Features</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {batch.files.map((f) => {
            const across = problemCounts(acrossFilesDiagnostics(f, batch.acrossFiles));
            return (
              <tr key={f.key} data-testid="batch-file">
                <td>{f.name}</td>
                <td>
                  {f.state === 'checking' ? (
                    <span role="status">
                      Checking…
                      {f.progress && f.progress.totalBytes > 0
                        ? ` ${Math.round((100 * f.progress.bytes) / f.progress.totalBytes)}%`
                        : ''}
                      {f.progress?.records ? ` (${formatCount(f.progress.records)} records)` : ''}
                    </span>
                  ) : f.state === 'failed' ? (
                    <span role="alert">failed: {f.error}</span>
                  ) : f.unreadable ? (
                    `unreadable: ${f.unreadable.reason}`
                  ) : (
                    f.result?.kind
                  )}
                </td>
                <td>{f.result ? f.result.counts.error + across.errors : ''}</td>
                <td>{f.result ? f.result.counts.warning + across.warnings : ''}</td>
                <td>{f.featureCount ?? ''}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove ${f.name}`}
                    onClick={() => batch.removeFile(f.key)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Clear the batch: at once when nothing was changed, else after saying what would be lost; either way
 * "Undo clear" brings it back until files are added again.
 */
function ClearBatch() {
  const batch = useBatch();
  const [asking, setAsking] = useState(false);
  const changes = batch.files.reduce((n, f) => n + f.changes.length, 0);
  if (!asking)
    return (
      <button type="button" onClick={() => (changes > 0 ? setAsking(true) : batch.clear())}>
        Clear the batch
      </button>
    );
  return (
    <span role="group" aria-label="Clear the batch?" className="confirm-inline">
      <span role="alert">
        Clear the batch and its {formatCount(changes)} change{changes === 1 ? '' : 's'}? Undo clear brings
        them back until you add files.
      </span>
      <button
        type="button"
        onClick={() => {
          setAsking(false);
          batch.clear();
        }}
      >
        Clear
      </button>
      <button type="button" autoFocus onClick={() => setAsking(false)}>
        Keep the batch
      </button>
    </span>
  );
}
