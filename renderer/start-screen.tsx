import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExampleFile } from '../host/bridge-api.ts';
import { useBridge } from './bridge/bridge-context.tsx';

/**
 * The first screen (skeleton; APP-UI builds the workbench on it): the bundled sample batch, checked by the
 * host on request, with its findings per file.
 */
export function StartScreen() {
  const api = useBridge();
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });
  const examples = useQuery({ queryKey: ['examples'], queryFn: () => api.listExamples({}) });
  const check = useMutation({
    mutationFn: (files: ExampleFile[]) => api.validateFiles({ files: files.map((f) => ({ path: f.path })) }),
  });

  return (
    <main className="start">
      <header>
        <h1>Fieldgate</h1>
        <p>Validate, fix and submit farm data before it reaches the service.</p>
        {info.data?.warnings.map((w) => (
          <p key={w} role="alert" className="warning">
            {w}
          </p>
        ))}
      </header>
      <section aria-labelledby="sample-batch">
        <h2 id="sample-batch">Sample batch</h2>
        {examples.isPending && <p>Loading the bundled examples…</p>}
        {examples.error && <p role="alert">{examples.error.message}</p>}
        {examples.data && (
          <>
            <p>{examples.data.examples.length} bundled example files.</p>
            <button
              type="button"
              disabled={check.isPending}
              onClick={() => check.mutate(examples.data.examples)}
            >
              Check the sample batch
            </button>
          </>
        )}
        {check.error && <p role="alert">{check.error.message}</p>}
        {check.data && (
          <table aria-label="Sample batch results">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Kind</th>
                <th scope="col">Errors</th>
                <th scope="col">Warnings</th>
                <th scope="col">Rule codes</th>
              </tr>
            </thead>
            <tbody>
              {check.data.report.files.map((file) => (
                <tr key={file.file} data-testid="report-file">
                  <td>{file.file}</td>
                  <td>{file.kind}</td>
                  <td>{file.counts.error}</td>
                  <td>{file.counts.warning}</td>
                  <td>{[...new Set(file.diagnostics.map((d) => d.code))].join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
