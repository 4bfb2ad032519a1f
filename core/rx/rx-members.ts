/**
 * The members of a prescription ZIP: exactly one .shp, .shx and .dbf with one base name, at the top level
 * (or one folder, with a warning), plus an optional .prj and .cpg. Everything else is listed as extra. An
 * ISOXML task set without a shapefile is named as such.
 * macOS resource forks (__MACOSX/, ._name) and .DS_Store are never taken as members.
 */
import { isArchiveJunk } from '../archive/archive-junk.ts';
import type { ZipArchive, ZipEntry } from '../archive/zip-reader.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import {
  rxExtraFiles,
  rxIsoxmlTaskdata,
  rxMemberBaseName,
  rxMemberDuplicate,
  rxMemberFolder,
  rxMemberMissing,
} from './member-rules.ts';

const MEMBER_EXTENSIONS = ['shp', 'shx', 'dbf', 'prj', 'cpg'] as const;
type MemberExtension = (typeof MEMBER_EXTENSIONS)[number];

/** Artifact ids of the ZIP rebuild fixes (see rx-fixes.ts). */
export const FIX_RENAME = 'rx-zip/rename-members';
export const FIX_LIFT = 'rx-zip/lift-members';
export const FIX_REPROJECT = 'rx-zip/reproject-wgs84';

export interface RxMembers {
  shp: ZipEntry;
  shx?: ZipEntry;
  dbf?: ZipEntry;
  prj?: ZipEntry;
  cpg?: ZipEntry;
  /** Base name of the .shp ("zones"). */
  base: string;
  /** Folder of the .shp inside the archive ("" at the top level, else "rx/zones"). */
  folder: string;
  extras: ZipEntry[];
}

export interface EntryPath {
  folder: string;
  fileName: string;
  base: string;
  extension: string;
}

export function splitEntryPath(name: string): EntryPath {
  const segments = name.split(/[/\\]/);
  const fileName = segments.pop() ?? '';
  const dot = fileName.lastIndexOf('.');
  return {
    folder: segments.join('/'),
    fileName,
    base: dot > 0 ? fileName.slice(0, dot) : fileName,
    extension: dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '',
  };
}

function folderDepth(folder: string): number {
  return folder === '' ? 0 : folder.split('/').length;
}

/** Find and check the members; undefined when there is no single .shp to check (reported). */
export function findRxMembers(archive: ZipArchive, collector: DiagnosticCollector): RxMembers | undefined {
  const byExtension = new Map<MemberExtension, ZipEntry[]>();
  const extras: ZipEntry[] = [];
  for (const e of archive.files) {
    const ext = splitEntryPath(e.name).extension as MemberExtension;
    if (!isArchiveJunk(e.name) && MEMBER_EXTENSIONS.includes(ext)) {
      const list = byExtension.get(ext) ?? [];
      list.push(e);
      byExtension.set(ext, list);
    } else extras.push(e);
  }

  const shps = byExtension.get('shp') ?? [];
  // An ISOXML task set (ISO 11783-10) is a different format altogether: say so once, not "no .shp" thrice.
  const taskdata = archive.files.find(
    (e) => splitEntryPath(e.name).fileName.toUpperCase() === 'TASKDATA.XML',
  );
  if (shps.length === 0 && taskdata && collector.isEnabled(rxIsoxmlTaskdata)) {
    collector.report(rxIsoxmlTaskdata, {
      messageId: 'taskdata',
      data: { entry: taskdata.name },
      location: { entry: taskdata.name },
      hint: 'Export the prescription as a shapefile (zones.shp, zones.shx, zones.dbf, zones.prj) and zip those files.',
    });
    return undefined;
  }
  const required = ['shp', 'shx', 'dbf'] as const;
  let fatal = false;
  for (const ext of required) {
    const list = byExtension.get(ext) ?? [];
    if (list.length === 0) {
      const nested = archive.files.find((e) => /\.zip$/i.test(e.name));
      collector.report(rxMemberMissing, {
        messageId: 'missing',
        data: {
          extension: ext,
          context: nested && ext === 'shp' ? ` (there is a nested archive, "${nested.name}")` : '',
        },
        location: {},
        hint:
          ext === 'shp'
            ? 'Zip the prescription shapefile: zones.shp, zones.shx, zones.dbf and zones.prj.'
            : `Add the .${ext} written together with the .shp; a shapefile needs all three of .shp, .shx and .dbf.`,
      });
      if (ext === 'shp') fatal = true;
    }
  }
  const shp = shps[0];
  if (fatal || !shp) return undefined;

  const shpPath = splitEntryPath(shp.name);
  // With several files of one kind, prefer the one named like the .shp.
  const pick = (ext: MemberExtension): ZipEntry | undefined => {
    const list = byExtension.get(ext) ?? [];
    if (list.length > 1) {
      collector.report(rxMemberDuplicate, {
        messageId: 'duplicate',
        data: { count: list.length, extension: ext, names: list.map((e) => e.name).join(', ') },
        location: { entry: list[1]?.name ?? '' },
        hint: 'Put one prescription (one shapefile) in each ZIP.',
      });
    }
    const same = list.find((e) => {
      const p = splitEntryPath(e.name);
      return p.base === shpPath.base && p.folder === shpPath.folder;
    });
    const chosen = same ?? list[0];
    for (const e of list) if (e !== chosen) extras.push(e);
    return chosen;
  };
  if (shps.length > 1) {
    pick('shp');
    return undefined;
  }
  const members: RxMembers = { shp, base: shpPath.base, folder: shpPath.folder, extras };
  for (const ext of ['shx', 'dbf', 'prj', 'cpg'] as const) {
    const chosen = pick(ext);
    if (chosen) members[ext] = chosen;
  }
  if ((byExtension.get('shx')?.length ?? 0) > 1 || (byExtension.get('dbf')?.length ?? 0) > 1)
    return undefined;

  const present = (['shp', 'shx', 'dbf', 'prj', 'cpg'] as const)
    .map((ext) => members[ext])
    .filter((e): e is ZipEntry => e !== undefined);
  for (const e of present) {
    const p = splitEntryPath(e.name);
    if (p.base !== shpPath.base) {
      collector.report(rxMemberBaseName, {
        messageId: 'mismatch',
        data: { entry: e.name, base: p.base, expected: shpPath.base },
        location: { entry: e.name },
        hint: `Rename it to ${shpPath.base}.${p.extension}.`,
        fix: {
          safety: 'safe',
          title: `Rename the members to ${shpPath.base}.*`,
          before: p.fileName,
          after: `${shpPath.base}.${p.extension}`,
          artifact: FIX_RENAME,
        },
      });
    }
  }

  const folders = [...new Set(present.map((e) => splitEntryPath(e.name).folder))];
  const liftFix = {
    safety: 'safe' as const,
    title: 'Move the shapefile members to the top level of the ZIP',
    artifact: FIX_LIFT,
  };
  if (folders.length > 1) {
    collector.report(rxMemberFolder, {
      messageId: 'split',
      data: { folders: folders.map((f) => (f === '' ? '(top level)' : `"${f}"`)).join(', ') },
      location: { entry: shp.name },
      hint: 'Zip the members together, from inside their folder.',
      severity: 'error',
      fix: liftFix,
    });
  } else if (shpPath.folder !== '') {
    const depth = folderDepth(shpPath.folder);
    collector.report(rxMemberFolder, {
      messageId: depth === 1 ? 'folder' : 'deep',
      data: { folder: shpPath.folder, depth },
      location: { entry: shp.name },
      hint: 'Zip the files themselves rather than the folder that holds them.',
      severity: depth === 1 ? 'warning' : 'error',
      fix: { ...liftFix, before: shp.name, after: shpPath.fileName },
    });
  }

  const extraNames = extras.map((e) => e.name);
  if (extraNames.length > 0) {
    const shown = extraNames.slice(0, 20).join(', ') + (extraNames.length > 20 ? ', …' : '');
    collector.report(rxExtraFiles, {
      messageId: 'extra',
      data: { count: extraNames.length, names: shown },
      location: {},
      hint: 'They are not needed; the ZIP can hold just the .shp, .shx, .dbf, .prj (and .cpg).',
    });
  }
  return members;
}
