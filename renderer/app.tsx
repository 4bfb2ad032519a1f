/**
 * The workbench: one navigation bar and five screens (Workbench, Soil test, Shared data, Submit, Settings).
 * Screens stay mounted when hidden, so a submit run or a filter survives switching. The theme follows the
 * OS unless the settings choose one.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HostBanner } from './screens/host-banner.tsx';
import { InterruptedBanner } from './screens/interrupted-banner.tsx';
import { PartBoundary } from './screens/part-boundary.tsx';
import { useBridge } from './bridge/bridge-context.tsx';
import { SvgMap } from './map/svg-map.tsx';
import { ColumnMappings } from './screens/column-mapping.tsx';
import { BatchExports } from './screens/batch-exports.tsx';
import { DataGrid } from './screens/data-grid.tsx';
import { BatchFiles, DropZone } from './screens/drop-zone.tsx';
import { ProblemTable } from './screens/problem-table.tsx';
import { SettingsScreen } from './screens/settings-screen.tsx';
import { SharedDataScreen } from './screens/shared-data.tsx';
import { SoilView } from './screens/soil-view.tsx';
import { SubmitScreen } from './screens/submit-screen.tsx';
import { BatchProvider, useBatch } from './state/batch.tsx';
import { useJournalRefresh } from './state/journals.ts';

const SCREENS = [
  { id: 'workbench', title: 'Workbench' },
  { id: 'soil', title: 'Soil test' },
  { id: 'shared', title: 'Shared data' },
  { id: 'submit', title: 'Submit' },
  { id: 'settings', title: 'Settings' },
] as const;
type ScreenId = (typeof SCREENS)[number]['id'];

export function App() {
  const api = useBridge();
  const [screen, setScreen] = useState<ScreenId>('workbench');
  // A run the banner asks to resume: the Submit screen resumes it and shows it.
  const [resumeRun, setResumeRun] = useState<string | undefined>();
  const info = useQuery({ queryKey: ['appInfo'], queryFn: () => api.appInfo({}) });
  useJournalRefresh();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => api.getSettings({}) });
  const theme = settings.data?.theme ?? 'system';
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <BatchProvider>
      <header className="app-header">
        <h1>Fieldgate</h1>
        <nav aria-label="Screens">
          <ul>
            {SCREENS.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  aria-current={screen === s.id ? 'page' : undefined}
                  onClick={() => setScreen(s.id)}
                >
                  {s.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {info.data?.sandbox && <span className="badge">Embedded sandbox running</span>}
      </header>
      <main>
        <HostBanner />
        <InterruptedBanner
          onResume={(journalId) => {
            setResumeRun(journalId);
            setScreen('submit');
          }}
        />
        <PartBoundary part="The Workbench" hidden={screen !== 'workbench'}>
          <Workbench hidden={screen !== 'workbench'} />
        </PartBoundary>
        <div hidden={screen !== 'soil'}>
          <PartBoundary part="The Soil test screen">
            <SoilView />
          </PartBoundary>
        </div>
        <div hidden={screen !== 'shared'}>
          <PartBoundary part="The Shared data screen">
            <SharedDataScreen />
          </PartBoundary>
        </div>
        <div hidden={screen !== 'submit'}>
          <PartBoundary part="The Submit screen">
            <SubmitScreen
              resumeRun={resumeRun}
              onResumed={() => setResumeRun(undefined)}
              active={screen === 'submit'}
            />
          </PartBoundary>
        </div>
        <div hidden={screen !== 'settings'}>
          <PartBoundary part="The Settings screen">
            <SettingsScreen />
          </PartBoundary>
        </div>
      </main>
    </BatchProvider>
  );
}

/**
 * The workbench: the drop zone, the batch's files, then the data grid, the problems and the map. Once files
 * are in, a wide window lays them out side by side (the grid and the problem list on the left, the map and
 * the selected problem on the right) to share the screen.
 */
function Workbench({ hidden }: { hidden: boolean }) {
  const batch = useBatch();
  return (
    <div hidden={hidden} className={`screen workbench${batch.files.length > 0 ? ' loaded' : ''}`}>
      <DropZone />
      <BatchFiles />
      <ColumnMappings />
      <DataGrid />
      <div className="review">
        <ProblemTable />
        <SvgMap />
      </div>
      <BatchExports />
    </div>
  );
}
