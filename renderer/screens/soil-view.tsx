/**
 * Soil tests of the batch (Modus XML): the summary (event, lab, samples, depths, analytes and units) beside
 * the file's problems, and the sample points on the map.
 */
import { useBatch, type BatchFile } from '../state/batch.tsx';
import { SvgMap } from '../map/svg-map.tsx';

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
          {!summary && <p>No summary: the file could not be read as Modus.</p>}
          {summary && (
            <p>
              {summary.document} {summary.version ?? ''}: {summary.eventCount} event(s), {summary.sampleCount}{' '}
              sample(s), {file.result?.features?.length ?? 0} with a location.
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
        <div>
          <h4>
            Problems ({file.result?.counts.error ?? 0} errors, {file.result?.counts.warning ?? 0} warnings)
          </h4>
          <ul className="soil-problems" tabIndex={0} aria-label={`Problems of ${file.name}`}>
            {diagnostics.slice(0, 200).map((d) => (
              <li key={d.id ?? d.message}>
                <span className={`sev sev-${d.severity}`}>{d.severity}</span> {d.code}: {d.message}
                {d.hint && <span className="hint"> {d.hint}</span>}
              </li>
            ))}
          </ul>
          {diagnostics.length > 200 && <p>…and {diagnostics.length - 200} more on the Workbench.</p>}
        </div>
      </div>
    </section>
  );
}
