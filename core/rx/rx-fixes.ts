/**
 * Rebuild a prescription ZIP with the fixes chosen by artifact id:
 *   rx-zip/rename-members  (safe)   members renamed to the .shp's base name;
 *   rx-zip/lift-members    (safe)   members (and the files beside them) moved to the top level;
 *   rx-zip/reproject-wgs84 (unsafe) zones reprojected from the .prj's CRS to WGS 84: .shp/.shx coordinates
 *                                   and boxes rewritten, .prj replaced.
 * A rename can be limited to some members (the ones whose diagnostics were chosen).
 * Entry bytes are copied unchanged otherwise; timestamps are kept. An archive with entries that were
 * refused as unsafe is not rebuilt (dropping them silently would hide them).
 */
import { openZip, type ZipEntry } from '../archive/zip-reader.ts';
import { writeZip, type ZipWriteEntry } from '../archive/zip-writer.ts';
import { reprojectToWgs84 } from '../crs/reproject.ts';
import { DiagnosticCollector } from '../rules/reporter.ts';
import { transformShpCoordinates } from '../shapefile/transform-shp.ts';
import { checkRxCrs, WGS84_PRJ } from './rx-crs.ts';
import { findRxMembers, FIX_LIFT, FIX_RENAME, FIX_REPROJECT, splitEntryPath } from './rx-members.ts';

export type RebuildResult =
  { ok: true; bytes: Uint8Array; applied: string[] } | { ok: false; reason: string };

/**
 * `renameEntries`: with rename-members, rename only these members (archive entry names); all members that
 * need it when absent.
 */
export function rebuildRxZip(
  bytes: Uint8Array,
  artifacts: ReadonlySet<string>,
  renameEntries?: ReadonlySet<string>,
): RebuildResult {
  const collector = new DiagnosticCollector();
  const archive = openZip(bytes, collector);
  if (!archive) return { ok: false, reason: 'the archive cannot be read' };
  if (archive.entries.some((e) => e.refused !== undefined)) {
    return { ok: false, reason: 'the archive has entries that cannot be read safely' };
  }
  const members = findRxMembers(archive, collector);
  if (!members) return { ok: false, reason: 'the archive does not hold one shapefile' };

  const contents = new Map<ZipEntry, Uint8Array>();
  for (const e of archive.files) {
    const data = archive.read(e);
    if (!data) return { ok: false, reason: `entry "${e.name}" cannot be read` };
    contents.set(e, data);
  }
  const applied: string[] = [];

  if (artifacts.has(FIX_REPROJECT) && members.prj) {
    const found = checkRxCrs(contents.get(members.prj), members.prj.name, members.shp.name, collector);
    if (found.state === 'known') {
      const crs = found.crs;
      const moved = transformShpCoordinates(
        contents.get(members.shp) ?? new Uint8Array(0),
        members.shx ? contents.get(members.shx) : undefined,
        (xy) => reprojectToWgs84(xy, crs),
      );
      if (!moved.ok) return { ok: false, reason: `the zones cannot be reprojected: ${moved.reason}` };
      contents.set(members.shp, moved.shp);
      if (members.shx && moved.shx) contents.set(members.shx, moved.shx);
      contents.set(members.prj, new TextEncoder().encode(WGS84_PRJ));
      applied.push(FIX_REPROJECT);
    }
  }

  const memberEntries = new Set(
    [members.shp, members.shx, members.dbf, members.prj, members.cpg].filter((e) => e !== undefined),
  );
  const rename = artifacts.has(FIX_RENAME);
  const lift = artifacts.has(FIX_LIFT);
  const memberFolders = new Set([...memberEntries].map((e) => splitEntryPath(e.name).folder));
  const names = new Map<ZipEntry, string>();
  for (const e of archive.files) {
    const p = splitEntryPath(e.name);
    let folder = p.folder;
    let fileName = p.fileName;
    if (memberEntries.has(e) && rename && p.base !== members.base && (renameEntries?.has(e.name) ?? true))
      fileName = `${members.base}.${p.extension}`;
    if (lift && memberFolders.has(folder)) folder = '';
    names.set(e, folder === '' ? fileName : `${folder}/${fileName}`);
  }
  if (rename && [...memberEntries].some((e) => names.get(e) !== e.name)) applied.push(FIX_RENAME);
  if (lift && [...memberEntries].some((e) => splitEntryPath(names.get(e) ?? '').folder !== '')) {
    return { ok: false, reason: 'the members could not be moved to the top level' };
  }
  if (lift && memberFolders.size > 0 && [...memberFolders].some((f) => f !== '')) applied.push(FIX_LIFT);
  if (applied.length === 0) return { ok: false, reason: 'there was nothing to fix' };

  // Members first, then the other files; a name taken twice (after lifting) gets a numbered suffix.
  const order = [...memberEntries, ...archive.files.filter((e) => !memberEntries.has(e))];
  const taken = new Set<string>();
  const out: ZipWriteEntry[] = [];
  for (const e of order) {
    let name = names.get(e) ?? e.name;
    for (let k = 1; taken.has(name); k++) {
      const p = splitEntryPath(names.get(e) ?? e.name);
      const prefix = p.folder === '' ? '' : `${p.folder}/`;
      name = `${prefix}${p.base}-${k}${p.extension ? `.${p.extension}` : ''}`;
    }
    taken.add(name);
    out.push({ name, bytes: contents.get(e) ?? new Uint8Array(0), dosTime: e.dosTime, dosDate: e.dosDate });
  }
  // Directory entries are kept while they still hold files.
  for (const e of archive.entries) {
    if (!e.isDirectory) continue;
    const dir = e.name.replace(/[/\\]*$/, '/');
    if (!out.some((o) => o.name.startsWith(dir))) continue;
    out.push({ name: dir, bytes: new Uint8Array(0), dosTime: e.dosTime, dosDate: e.dosDate });
  }
  return { ok: true, bytes: writeZip(out), applied };
}
