/**
 * Settings: service profiles (URLs, client id; secret and API key never shown, only whether they are set;
 * test connection), submit concurrency and rate, the theme (the OS's by default), the threads that check
 * the boundaries of big files (the validation worker's pool) and an optional imagery tile URL.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import {
  DEFAULT_SETTINGS,
  tileOrigin,
  type Profile,
  type ProfileInput,
  type Settings,
} from '../../host/bridge-api.ts';
import { useBridge } from '../bridge/bridge-context.tsx';
import { usePageTileUrl } from '../state/page-tile-url.ts';
import { defaultJobs } from '../../core/index.ts';

/** The thread counts offered: 1 to the cores there are (at least 2), and 8 at most. */
function threadChoices(cores: number): number[] {
  return Array.from({ length: Math.min(8, Math.max(2, cores)) }, (_, i) => i + 1);
}

export function SettingsScreen() {
  const cores = navigator.hardwareConcurrency || 1;
  const api = useBridge();
  const queries = useQueryClient();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => api.getSettings({}) });
  const [draft, setDraft] = useState<Settings>(DEFAULT_SETTINGS);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (s: Settings) => api.saveSettings(s),
    onSuccess: (s) => queries.setQueryData(['settings'], s),
  });
  const pageTileUrl = usePageTileUrl();
  const savedTileUrl = settings.data?.tileUrl;
  const tileCheck = draft.tileUrl === '' ? undefined : tileOrigin(draft.tileUrl);
  const tileProblem = tileCheck && !tileCheck.ok ? tileCheck.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The host refuses it too; saying so here names the field before anything is sent.
    if (tileProblem) return;
    save.mutate(draft);
  }

  return (
    <div className="screen settings">
      <h2>Settings</h2>
      <form onSubmit={submit} className="form" aria-labelledby="general-title">
        <h3 id="general-title">General</h3>
        <label>
          Theme
          <select
            value={draft.theme}
            onChange={(e) => {
              const next = { ...draft, theme: e.target.value as Settings['theme'] };
              setDraft(next);
              save.mutate(next);
            }}
          >
            <option value="system">Follow the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label>
          Requests at once (concurrency)
          <input
            type="number"
            min={1}
            max={16}
            value={draft.concurrency}
            onChange={(e) => setDraft({ ...draft, concurrency: Number(e.target.value) })}
          />
        </label>
        <label>
          Requests per second at most, to a service profile
          <input
            type="number"
            min={0.1}
            max={100}
            step={0.1}
            value={draft.ratePerSecond}
            aria-describedby="rate-help"
            onChange={(e) => setDraft({ ...draft, ratePerSecond: Number(e.target.value) })}
          />
        </label>
        <p id="rate-help" className="hint">
          The limit paces the service profiles (the partner service counts requests against a quota); the
          embedded sandbox is local and is sent as fast as it answers, with the concurrency above.
        </p>
        <label>
          Threads that check the boundaries of big files
          <select
            value={draft.checkThreads ?? ''}
            aria-describedby="threads-help"
            onChange={(e) => {
              const { checkThreads: _old, ...rest } = draft;
              const next = e.target.value === '' ? rest : { ...rest, checkThreads: Number(e.target.value) };
              setDraft(next);
              save.mutate(next);
            }}
          >
            <option value="">
              Automatic: {defaultJobs(cores)} (one per core where there are more than two)
            </option>
            {threadChoices(cores).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 (the checks share one thread)' : n}
              </option>
            ))}
          </select>
        </label>
        <p id="threads-help" className="hint">
          Field uploads and .wkt files of 16 MB or more have their boundaries checked on these threads at
          once; with two or more, a Modus result of 24 MB or more is read on one thread while another checks
          it. The problems found are the same for any number.
        </p>
        <label>
          Imagery tile URL (optional, used when online)
          <input
            type="url"
            value={draft.tileUrl}
            placeholder="https://tiles.example/{z}/{x}/{y}.png"
            aria-invalid={tileProblem ? true : undefined}
            aria-describedby="tile-url-help"
            onChange={(e) => setDraft({ ...draft, tileUrl: e.target.value })}
          />
        </label>
        <p id="tile-url-help" className={tileProblem ? 'field-error' : 'hint'}>
          {tileProblem
            ? `Cannot be used: ${tileProblem}.`
            : 'One server, with {z}, {x} and {y}; only this server is allowed to send the app images.'}
        </p>
        {pageTileUrl !== undefined && savedTileUrl !== undefined && savedTileUrl !== pageTileUrl && (
          <p role="status">
            The new imagery URL applies when the app reloads (the page&apos;s security policy is set when it
            loads); files you opened are closed.{' '}
            <button type="button" onClick={() => window.location.reload()}>
              Reload now
            </button>
          </p>
        )}
        <button type="submit" disabled={save.isPending || tileProblem !== undefined}>
          Save settings
        </button>
        {save.isSuccess && <p role="status">Settings saved.</p>}
        {save.error && <p role="alert">{save.error.message}</p>}
      </form>
      <Profiles />
    </div>
  );
}

const EMPTY_PROFILE: ProfileInput = {
  name: '',
  authUrl: 'https://',
  baseUrl: 'https://',
  legacyBaseUrl: 'https://',
  clientId: '',
};

function Profiles() {
  const api = useBridge();
  const queries = useQueryClient();
  const profiles = useQuery({ queryKey: ['profiles'], queryFn: () => api.listProfiles({}) });
  const [editing, setEditing] = useState<{ input: ProfileInput; existing?: Profile } | undefined>();
  const [tested, setTested] = useState<Record<string, string>>({});
  const refresh = () => queries.invalidateQueries({ queryKey: ['profiles'] });
  const save = useMutation({
    mutationFn: (input: ProfileInput) => api.saveProfile(input),
    onSuccess: () => {
      setEditing(undefined);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteProfile({ id }),
    onSuccess: () => void refresh(),
  });
  const test = useMutation({
    mutationFn: async (id: string) => {
      setTested((t) => ({ ...t, [id]: 'Testing…' }));
      const result = await api.testProfile({ id });
      setTested((t) => ({ ...t, [id]: `${result.ok ? 'OK' : 'Failed'}: ${result.message}` }));
    },
  });

  function edit(profile?: Profile) {
    if (!profile) setEditing({ input: { ...EMPTY_PROFILE } });
    else
      setEditing({
        existing: profile,
        input: {
          id: profile.id,
          name: profile.name,
          authUrl: profile.authUrl,
          baseUrl: profile.baseUrl,
          legacyBaseUrl: profile.legacyBaseUrl,
          clientId: profile.clientId,
        },
      });
  }

  return (
    <section aria-labelledby="profiles-title">
      <h3 id="profiles-title">Service profiles</h3>
      <SecretsNotice />
      <table aria-label="Profiles">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Service</th>
            <th scope="col">Client id</th>
            <th scope="col">Secrets</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {profiles.data?.profiles.map((p) => (
            <tr key={p.id}>
              <td>{p.name}</td>
              <td>{p.baseUrl}</td>
              <td>{p.clientId}</td>
              <td>
                client secret {p.hasClientSecret ? '••••••••' : 'not set'}, API key{' '}
                {p.hasApiKey ? '••••••••' : 'not set'}
              </td>
              <td>
                <button
                  type="button"
                  onClick={() => test.mutate(p.id)}
                  aria-label={`Test connection: ${p.name}`}
                >
                  Test connection
                </button>{' '}
                {p.kind === 'service' && (
                  <>
                    <button type="button" onClick={() => edit(p)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </button>{' '}
                    <button type="button" onClick={() => remove.mutate(p.id)} aria-label={`Delete ${p.name}`}>
                      Delete
                    </button>
                  </>
                )}
                {tested[p.id] && <span role="status"> {tested[p.id]}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!editing && (
        <button type="button" onClick={() => edit()}>
          Add a production profile
        </button>
      )}
      {editing && (
        <ProfileForm
          key={editing.existing?.id ?? 'new'}
          initial={editing.input}
          existing={editing.existing}
          saving={save.isPending}
          onSave={(input) => save.mutate(input)}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {(save.error ?? remove.error ?? test.error) && (
        <p role="alert">{(save.error ?? remove.error ?? test.error)!.message}</p>
      )}
    </section>
  );
}

function ProfileForm(props: {
  initial: ProfileInput;
  existing: Profile | undefined;
  saving: boolean;
  onSave(input: ProfileInput): void;
  onCancel(): void;
}) {
  const [input, setInput] = useState<ProfileInput>(props.initial);
  const [secret, setSecret] = useState('');
  const [apiKey, setApiKey] = useState('');
  const field = (
    key: 'name' | 'authUrl' | 'baseUrl' | 'legacyBaseUrl' | 'clientId',
    label: string,
    type = 'text',
  ) => (
    <label>
      {label}
      <input
        type={type}
        required
        value={input[key]}
        onChange={(e) => setInput({ ...input, [key]: e.target.value })}
      />
    </label>
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSave({ ...input, ...(secret ? { clientSecret: secret } : {}), ...(apiKey ? { apiKey } : {}) });
  }
  return (
    <form className="form" onSubmit={submit} aria-label="Profile">
      {field('name', 'Name')}
      {field('authUrl', 'Token URL', 'url')}
      {field('baseUrl', 'Service URL', 'url')}
      {field('legacyBaseUrl', 'Legacy service URL', 'url')}
      {field('clientId', 'Client id')}
      <label>
        Client secret
        <input
          type="password"
          autoComplete="off"
          value={secret}
          placeholder={props.existing?.hasClientSecret ? 'set (leave empty to keep)' : ''}
          onChange={(e) => setSecret(e.target.value)}
        />
      </label>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          value={apiKey}
          placeholder={props.existing?.hasApiKey ? 'set (leave empty to keep)' : ''}
          onChange={(e) => setApiKey(e.target.value)}
        />
      </label>
      <button type="submit" disabled={props.saving}>
        Save the profile
      </button>{' '}
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** How the host keeps secrets (only when there is something to say): shown where secrets are entered. */
function SecretsNotice() {
  const api = useBridge();
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });
  return (
    <>
      {info.data?.warnings.map((w) => (
        <p key={w} role="alert" className="warning">
          {w}
        </p>
      ))}
    </>
  );
}
