/**
 * A grower's shared agronomic data: enter the sharing key, list the planting, application and harvest files,
 * download one (progress from the host's events), save it or add it to the batch.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { SharedFile } from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { fromBase64, useBatch } from '../state/batch.tsx';
import { formatCount } from '../../core/index.ts';
import { ProfilePicker } from './profile-picker.tsx';
import { saveFile } from './save-file.ts';

export function SharedDataScreen() {
  const api = useBridge();
  const batch = useBatch();
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });
  const [profileId, setProfileId] = useState('');
  const [sharingKey, setSharingKey] = useState('');
  const [progress, setProgress] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!profileId && info.data?.sandbox) setProfileId(info.data.sandbox.profileId);
  }, [info.data, profileId]);
  useEffect(
    () =>
      api.onEvent((event) => {
        if (event.type !== 'download-progress') return;
        const text = event.total
          ? `${Math.round((100 * event.received) / event.total)}% of ${formatCount(event.total)} bytes`
          : `${formatCount(event.received)} bytes`;
        // The answer may come before its last progress event: a finished download stays finished.
        setProgress((p) => (p[event.fileId]?.startsWith('done') ? p : { ...p, [event.fileId]: text }));
      }),
    [api],
  );

  const list = useMutation({ mutationFn: () => api.sharedData({ profileId, sharingKey }) });
  const download = useMutation({
    mutationFn: async ({ file, add }: { file: SharedFile; add: boolean }) => {
      setProgress((p) => ({ ...p, [file.id]: 'downloading…' }));
      const got = await api.downloadSharedFile({ profileId, sharingKey, fileId: file.id });
      const bytes = fromBase64(got.contentBase64);
      setProgress((p) => ({ ...p, [file.id]: `done, ${formatCount(bytes.length)} bytes` }));
      if (add) await batch.addFiles([{ name: got.name, bytes }]);
      else saveFile(got.name, 'application/octet-stream', bytes);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    list.mutate();
  }

  const demoKeys = info.data?.sandbox?.sharingKeys ?? [];
  return (
    <div className="screen shared">
      <h2>Shared data</h2>
      <form className="toolbar" onSubmit={submit}>
        <ProfilePicker value={profileId} onChange={setProfileId} />
        <label>
          Sharing key
          <input
            value={sharingKey}
            onChange={(e) => setSharingKey(e.target.value)}
            required
            autoComplete="off"
            list="demo-sharing-keys"
          />
        </label>
        <datalist id="demo-sharing-keys">
          {demoKeys.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <button type="submit" disabled={!profileId || !sharingKey || list.isPending}>
          List shared files
        </button>
      </form>
      {demoKeys.length > 0 && <p>The embedded sandbox's demo sharing keys: {demoKeys.join(', ')}.</p>}
      {(list.error ?? download.error) && <p role="alert">{(list.error ?? download.error)!.message}</p>}
      {list.data && (
        <table aria-label="Shared files">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Type</th>
              <th scope="col">Download</th>
              <th scope="col">Progress</th>
            </tr>
          </thead>
          <tbody>
            {list.data.files.length === 0 && (
              <tr>
                <td colSpan={4}>No shared files under this key.</td>
              </tr>
            )}
            {list.data.files.map((f) => (
              <tr key={f.id} data-testid="shared-file">
                <td>{f.name}</td>
                <td>{f.type}</td>
                <td>
                  <button
                    type="button"
                    onClick={() => download.mutate({ file: f, add: false })}
                    aria-label={`Save ${f.name}`}
                  >
                    Save
                  </button>{' '}
                  <button
                    type="button"
                    onClick={() => download.mutate({ file: f, add: true })}
                    aria-label={`Add to batch: ${f.name}`}
                  >
                    Add to batch
                  </button>
                </td>
                <td role="status">{progress[f.id] ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
