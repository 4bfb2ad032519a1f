import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../bridge/bridge-context.tsx';

/** Choose a service profile; the embedded sandbox first (the default). */
export function ProfilePicker({ value, onChange }: { value: string; onChange(id: string): void }) {
  const api = useBridge();
  const profiles = useQuery({ queryKey: ['profiles'], queryFn: () => api.listProfiles({}) });
  const list = [...(profiles.data?.profiles ?? [])].sort((a, b) =>
    a.kind === b.kind ? 0 : a.kind === 'sandbox' ? -1 : 1,
  );
  return (
    <label>
      Profile
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {list.length === 0 && <option value="">No profile yet</option>}
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.kind === 'sandbox' ? 'sandbox' : p.baseUrl})
          </option>
        ))}
      </select>
    </label>
  );
}
