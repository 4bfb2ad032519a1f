/**
 * The rules of a prescription ZIP's members and CRS, group rx-archive, reported by rx-members.ts and
 * rx-crs.ts beside this file; the registry (core/rules/registry.ts) gathers them.
 */

import { defineRule } from '../rules/rule.ts';

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxMemberMissing = defineRule({
  meta: {
    code: 'RXA012',
    name: 'rx-member-missing',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-members.ts',
    severity: 'error',
    messages: {
      missing: 'The archive has no .{extension} file{context}',
    },
    docs: {
      what: 'Reports a prescription ZIP without a .shp, .shx or .dbf file.',
      why: 'The service’s prescription format is one shapefile: geometry (.shp), index (.shx) and attributes with the rates (.dbf). Without any one of them the import fails.',
      example: 'rx.zip: zones.shp, zones.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxMemberDuplicate = defineRule({
  meta: {
    code: 'RXA013',
    name: 'rx-member-duplicate',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-members.ts',
    severity: 'error',
    messages: {
      duplicate:
        'The archive has {count} .{extension} {count:file|files} ({names}); a prescription holds exactly one',
    },
    docs: {
      what: 'Reports more than one .shp, .shx, .dbf, .prj or .cpg file in a prescription ZIP.',
      why: 'The service takes one prescription per ZIP and one prescription per field; with two shapefiles it cannot know which to import.',
      example: 'rx.zip: north.shp, north.shx, north.dbf, south.shp, south.shx, south.dbf',
      useInstead: 'One ZIP per prescription.',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts); fixed by rebuilding the ZIP. */
export const rxMemberBaseName = defineRule({
  meta: {
    code: 'RXA014',
    name: 'rx-member-base-name',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-members.ts',
    severity: 'error',
    fixable: 'safe',
    messages: {
      mismatch: 'Member "{entry}" has the base name "{base}", but the .shp is "{expected}"',
    },
    docs: {
      what: 'Reports shapefile members whose base names differ (zones.shp with rates.dbf). Base names are compared exactly, so ZONES.dbf beside zones.shp is reported too.',
      why: 'A shapefile is the set of files sharing one base name; readers (and the service) look for zones.dbf next to zones.shp and do not find rates.dbf.',
      example: 'rx.zip: zones.shp, zones.shx, Rates.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf (the fix renames the members).',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts); fixed by rebuilding the ZIP. */
export const rxMemberFolder = defineRule({
  meta: {
    code: 'RXA015',
    name: 'rx-member-folder',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-members.ts',
    severity: 'warning',
    fixable: 'safe',
    messages: {
      folder: 'The shapefile is in the folder "{folder}" inside the archive, not at the top level',
      deep: 'The shapefile is {depth} {depth:folder|folders} deep ("{folder}"); the service looks at the top level or one folder at most',
      split: 'The shapefile members are in different folders ({folders})',
    },
    docs: {
      what: 'Reports shapefile members inside a folder of the ZIP (a warning for one folder, an error deeper down or when the members are in different folders).',
      why: 'Zipping a folder instead of its files puts the members one level down; some importers only look at the top level.',
      example: 'rx.zip: zones/zones.shp, zones/zones.shx, zones/zones.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf (the fix lifts the members out of the folder).',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxPrjMissing = defineRule({
  meta: {
    code: 'RXA016',
    name: 'rx-prj-missing',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-crs.ts',
    severity: 'warning',
    messages: {
      missing: 'The archive has no .prj file: the coordinate system is not stated',
    },
    docs: {
      what: 'Reports a prescription ZIP without a .prj file.',
      why: 'The service assumes WGS 84 (EPSG:4326). Without a .prj nobody can tell whether the coordinates are degrees in WGS 84 or something else; if they are not, the zones land in the wrong place.',
      example: 'rx.zip: zones.shp, zones.shx, zones.dbf',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj (GEOGCS["GCS_WGS_1984", …])',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts); the fix rewrites .shp/.shx/.prj. */
export const rxCrsNotWgs84 = defineRule({
  meta: {
    code: 'RXA017',
    name: 'rx-crs-not-wgs84',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-crs.ts',
    severity: 'error',
    fixable: 'unsafe',
    messages: {
      other: 'The .prj describes {crs}, not WGS 84 (EPSG:4326)',
      unreadable: 'The .prj cannot be read as a coordinate system: {detail}',
    },
    docs: {
      what: 'Reports a .prj that describes a coordinate system other than WGS 84 longitude/latitude, naming the system it found (e.g. SWEREF99 TM, EPSG:3006). When the system is known, an unsafe fix reprojects the zones to WGS 84 and rewrites the .shp, .shx and .prj.',
      why: 'The service accepts only WGS 84 (EPSG:4326); projected metres read as degrees put the zones nowhere near the field.',
      example: 'PROJCS["ETRS_1989_UTM_Zone_33N", …]',
      useInstead: 'GEOGCS["GCS_WGS_1984", DATUM["D_WGS_1984", …]] with coordinates in degrees.',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts). */
export const rxExtraFiles = defineRule({
  meta: {
    code: 'RXA018',
    name: 'rx-extra-files',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-members.ts',
    severity: 'info',
    messages: {
      extra: 'The archive also holds {count} {count:file|files} the prescription does not use: {names}',
    },
    docs: {
      what: 'Lists the entries besides the shapefile members (.shp, .shx, .dbf, .prj, .cpg), such as .qmd, .sbn, .xml or __MACOSX files.',
      why: 'They are ignored by the service but make the upload larger; a stray file can also be the sign that the wrong folder was zipped.',
      example: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj, zones.shp.xml, __MACOSX/._zones.shp',
      useInstead: 'rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj',
    },
  },
});

/** Reported by the prescription member check (core/rx/rx-members.ts), in place of the missing members. */
export const rxIsoxmlTaskdata = defineRule({
  meta: {
    code: 'RXA019',
    name: 'rx-isoxml-taskdata',
    group: 'rx-archive',
    decidedIn: 'core/rx/rx-members.ts',
    severity: 'error',
    messages: {
      taskdata:
        'This is an ISOXML TASKDATA archive ("{entry}"), not a shapefile prescription: the service takes a zipped shapefile (.shp, .shx, .dbf)',
    },
    docs: {
      what: 'Reports a ZIP that holds an ISOXML task set (ISO 11783-10: TASKDATA.XML, often with binary .BIN grids) and no shapefile, once, instead of one missing-member error per shapefile part.',
      why: 'Terminals and farm management software export prescriptions as ISOXML TASKDATA for the tractor. The service reads only shapefile prescriptions, so this archive would be refused, and three "no .shp/.shx/.dbf" errors would not say why.',
      example: 'rx.zip: TASKDATA/TASKDATA.XML, TASKDATA/GRD00001.BIN',
      useInstead:
        'Export the same prescription from the farm management software as a shapefile: rx.zip: zones.shp, zones.shx, zones.dbf, zones.prj',
    },
  },
});

/** Prescription members and CRS (RXA012–RXA019). */
export const rxArchiveRules = [
  rxMemberMissing,
  rxMemberDuplicate,
  rxMemberBaseName,
  rxMemberFolder,
  rxPrjMissing,
  rxCrsNotWgs84,
  rxExtraFiles,
  rxIsoxmlTaskdata,
] as const;
