/**
 * Soil tests of the batch (Modus XML): the summary (event, lab, samples, depths, analytes and units) beside
 * the file's problems grouped by sample and depth (first: they are what there is to do), and the sample
 * points on the map (beside them in a wide window). A group or a problem
 * chosen selects its sample on the map; a sample chosen on the map marks its groups here.
 */
import { useEffect, useRef } from 'react';
import { formatCount, type Diagnostic } from '../../core/index.ts';
import { plural } from '../../core/values/plural.ts';
import { selectionOf, useBatch, type BatchFile } from '../state/batch.tsx';
import { SvgMap } from '../map/svg-map.tsx';
import { soilProblemGroups, type ModusSummary, type SoilProblemGroup } from './soil-groups.ts';

export function SoilView() {
  const batch = useBatch();
  const soil = batch.files.filter((f) => f.result?.kind === 'modus-result');
  return (
    <div className="screen soil">
      <h2>Soil tests</h2>
      {soil.length === 0 && <p>No Modus soil test in the batch: add a Modus XML file on the Workbench.</p>}
      {soil.map((file) => (
        <SoilFile key={file.key} file={file} />
      ))}
      {soil.length > 0 && <SvgMap height={320} />}
    </div>
  );
}

function SoilFile({ file }: { file: BatchFile }) {
  const summary = file.result?.summary?.type === 'modus' ? file.result.summary : undefined;
  const diagnostics = file.result?.diagnostics ?? [];
  const headingId = `soil-${file.key}`;
  return (
    <section className="soil-file" aria-labelledby={headingId}>
      <h3 id={headingId}>{file.name}</h3>
      <div className="side-by-side">
        <div>
          <h4>
            Problems ({file.result?.counts.error ?? 0} errors, {file.result?.counts.warning ?? 0} warnings)
          </h4>
          <SoilProblems file={file} summary={summary} diagnostics={diagnostics} />
        </div>
        <div>
          {!summary && <p>No summary: the file could not be read as Modus.</p>}
          {summary && (
            <p>
              {summary.document} {summary.version ?? ''}: {plural(summary.eventCount, 'event')},{' '}
              {plural(summary.sampleCount, 'sample')}, {formatCount(file.result?.features?.length ?? 0)} with
              a location.
            </p>
          )}
          {summary?.events.map((event, i) => (
            <div key={i} className="soil-event">
              <dl>
                <dt>Event</dt>
                <dd>
                  {event.eventCode ?? '(no code)'} {event.eventDate ?? ''} {event.eventType ?? ''}
                </dd>
                <dt>Lab</dt>
                <dd>
                  {event.lab.name ?? '(no name)'}{' '}
                  {event.lab.labEventId ? `(lab event ${event.lab.labEventId})` : ''}
                </dd>
                <dt>Samples</dt>
                <dd>
                  {event.sampleCount} {event.sampleKind ?? ''}
                </dd>
                <dt>Depths</dt>
                <dd>
                  {event.depths
                    .map(
                      (d) =>
                        `${d.name ?? d.depthId} (${d.startingDepth ?? '?'}–${d.endingDepth ?? '?'} ${d.unit ?? ''}, ${d.samples} samples)`,
                    )
                    .join('; ') || 'none'}
                </dd>
              </dl>
              <table aria-label={`Analytes of event ${event.eventCode ?? i + 1}`}>
                <thead>
                  <tr>
                    <th scope="col">Analyte</th>
                    <th scope="col">Test</th>
                    <th scope="col">Unit</th>
                    <th scope="col">Results</th>
                    <th scope="col">Min</th>
                    <th scope="col">Max</th>
                  </tr>
                </thead>
                <tbody>
                  {event.analytes.map((a) => (
                    <tr key={`${a.element}-${a.modusTestId}`}>
                      <td>{a.element}</td>
                      <td>{a.modusTestId}</td>
                      <td>{a.unit}</td>
                      <td>{a.count}</td>
                      <td>{a.min ?? ''}</td>
                      <td>{a.max ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The problems shown per file; the rest are on the Workbench. */
const SHOWN = 200;

function SoilProblems({
  file,
  summary,
  diagnostics,
}: {
  file: BatchFile;
  summary: ModusSummary | undefined;
  diagnostics: readonly Diagnostic[];
}) {
  const batch = useBatch();
  const groups = soilProblemGroups(diagnostics.slice(0, SHOWN), file.result?.features ?? [], summary);
  const selected = batch.selection?.fileKey === file.key ? batch.selection : undefined;
  return (
    <>
      <ul className="soil-problems" aria-label={`Problems of ${file.name} by sample and depth`}>
        {groups.map((g) => (
          <SoilGroup
            key={g.key}
            group={g}
            selected={selected?.feature !== undefined && selected.feature === g.feature}
            selectedProblem={selected?.diagnosticId}
            onSelectGroup={() =>
              batch.select(g.feature === undefined ? undefined : { fileKey: file.key, feature: g.feature })
            }
            onSelectProblem={(d) => batch.select(selectionOf(file.key, d))}
          />
        ))}
      </ul>
      {diagnostics.length > SHOWN && <p>…and {diagnostics.length - SHOWN} more on the Workbench.</p>}
    </>
  );
}

function SoilGroup({
  group,
  selected,
  selectedProblem,
  onSelectGroup,
  onSelectProblem,
}: {
  group: SoilProblemGroup;
  selected: boolean;
  selectedProblem: string | undefined;
  onSelectGroup(): void;
  onSelectProblem(d: Diagnostic): void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  // A sample chosen on the map brings its group into view.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <li ref={ref} className={`soil-group${selected ? ' selected' : ''}`} data-testid="soil-group">
      <button type="button" className="soil-group-title" aria-pressed={selected} onClick={onSelectGroup}>
        {group.title} <span className="muted">({group.diagnostics.length})</span>
      </button>
      <ul>
        {group.diagnostics.map((d) => (
          <li key={d.id ?? d.message}>
            <button
              type="button"
              className="soil-problem"
              aria-pressed={selected && d.id !== undefined && d.id === selectedProblem}
              onClick={() => onSelectProblem(d)}
            >
              <span className={`sev sev-${d.severity}`}>{d.severity}</span> {d.code}: {d.message}
            </button>
            {d.hint && <span className="hint"> {d.hint}</span>}
          </li>
        ))}
      </ul>
    </li>
  );
}
