import type { CliCommand } from '../command.ts';

/**
 * A command as `fieldgate help` lists it. Its code (validators, the sandbox, the YAML parser…) loads only
 * when the command runs or shows its usage, so `fieldgate help` and each command start fast.
 */
export interface CliCommandEntry {
  name: string;
  /** The same summary as the loaded command's (a test checks they agree). */
  summary: string;
  load(): Promise<CliCommand>;
}

/** Every `fieldgate` command, in the order `fieldgate help` lists them. */
export const commands: CliCommandEntry[] = [
  {
    name: 'validate',
    summary: 'check files offline and explain every problem (optionally --fix)',
    load: async () => (await import('./validate.ts')).validateCommand,
  },
  {
    name: 'fix',
    summary: 'apply safe fixes (--unsafe-fixes for guesses) and write a fixed copy',
    load: async () => (await import('./validate.ts')).fixCommand,
  },
  {
    name: 'inspect',
    summary: 'summarise a soil test, prescription or upload (counts, ranges, analytes, zones)',
    load: async () => (await import('./inspect.ts')).inspectCommand,
  },
  {
    name: 'rules',
    summary: 'list the rules (codes, groups, fixes) or explain one',
    load: async () => (await import('./rules.ts')).rulesCommand,
  },
  {
    name: 'kinds',
    summary: 'list the kinds of file `validate` understands',
    load: async () => (await import('./kinds.ts')).kindsCommand,
  },
  {
    name: 'template',
    summary: 'print the header and an example row of a CSV batch kind',
    load: async () => (await import('./template.ts')).templateCommand,
  },
  {
    name: 'convert',
    summary: 'turn a boundary shapefile ZIP, GeoJSON or KML into a field upload (JSON or CSV)',
    load: async () => (await import('./convert.ts')).convertCommand,
  },
  {
    name: 'submit',
    summary:
      'send a batch exactly once (rows with errors stay back), journaled so that a crash loses nothing',
    load: async () => (await import('./submit.ts')).submitCommand,
  },
  {
    name: 'resume',
    summary: 'finish a stopped or crashed batch from its journal, without repeating any create',
    load: async () => (await import('./resume.ts')).resumeCommand,
  },
  {
    name: 'status',
    summary: "show a batch journal's progress: rows done, failed, unknown, not finished",
    load: async () => (await import('./status.ts')).statusCommand,
  },
  {
    name: 'profile',
    summary: 'add, list, test or remove connection profiles (secrets kept owner-only, never printed)',
    load: async () => (await import('./profile.ts')).profileCommand,
  },
  {
    name: 'agronomic-data',
    summary: 'list and download the data files a grower shared with a sharing key',
    load: async () => (await import('./agronomic-data.ts')).agronomicDataCommand,
  },
  {
    name: 'sandbox',
    summary: 'run a local emulator of the partner service, with demo data and fault injection',
    load: async () => (await import('./sandbox.ts')).sandboxCommand,
  },
  {
    name: 'web',
    summary: 'serve the app in your browser (127.0.0.1, with a per-launch token)',
    load: async () => (await import('./web.ts')).webCommand,
  },
  {
    name: 'app',
    summary: 'open the desktop app (or, where Electron cannot start, serve it to your browser)',
    load: async () => (await import('./web.ts')).appCommand,
  },
  {
    name: 'start',
    summary: 'check the bundled examples, then run the local sandbox service',
    load: async () => {
      const { createStartCommand } = await import('./start.ts');
      const others = await Promise.all(commands.filter((c) => c.name !== 'start').map((c) => c.load()));
      return createStartCommand((name) => others.find((c) => c.name === name));
    },
  },
];
