/**
 * The rules of group zip-archive: archive safety for every ZIP Fieldgate opens, prescriptions and boundary
 * shapefiles alike. Each rule carries its check, a visitor over the ZIP reader's stage results
 * (zip-stages.ts: the directory, each entry, the listing, the total size, each read): the reader finds the
 * facts in one pass, the rule decides here what is a problem and what it says. The registry
 * (core/rules/registry.ts) gathers them. The codes keep their RXA prefix: codes are permanent.
 */

import { defineRule, type Rule } from '../rules/rule.ts';
import type { ZipStage } from './zip-stages.ts';

function formatBytes(n: number): string {
  return n.toLocaleString('en-US');
}

const METHOD_NAMES: Record<number, string> = {
  1: 'Shrink',
  6: 'Implode',
  9: 'Deflate64',
  12: 'bzip2',
  14: 'LZMA',
  93: 'Zstandard',
  95: 'XZ',
  98: 'PPMd',
  99: 'AES encryption',
};

/** Reported by the ZIP reader (core/archive) when the file cannot be read as a ZIP at all. */
export const zipUnreadable = defineRule({
  meta: {
    code: 'RXA001',
    name: 'zip-unreadable',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      empty: 'The file is empty: expected a ZIP archive',
      notZip: 'The file is not a ZIP archive: {detail}',
      truncated: 'The archive is truncated: {detail}',
      centralDirectory: 'The archive directory is damaged: {detail}',
      unsupported: 'The archive cannot be read: {detail}',
    },
    docs: {
      what: 'Reports a file that is not a ZIP archive, a ZIP cut short (naming the entry where it ends) and a ZIP whose central directory is damaged.',
      why: 'The service unpacks the upload before anything else; a file it cannot unpack is refused with a bare 400, and a truncated upload usually means the copy or download was interrupted.',
      example:
        'rx.zip copied while it was still being written: its last 2 KB (and the directory) are missing.',
      useInstead: 'Zip the .shp, .shx, .dbf and .prj again, or copy the complete file.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'open') return;
    const p = stage.problem;
    const location = {};
    if (p.kind === 'empty') context.report({ messageId: 'empty', location });
    else if (p.kind === 'truncated') {
      context.report({
        messageId: 'truncated',
        data: { detail: p.detail },
        location,
        hint: 'The end of the file is missing. Copy or download the complete file, or zip the members again.',
      });
    } else if (p.kind === 'notZip') {
      context.report({
        messageId: 'notZip',
        data: { detail: `no ZIP end-of-directory record was found (the file starts with ${p.head})` },
        location,
        hint: 'Upload the prescription as a .zip holding the shapefile members.',
      });
    } else if (p.kind === 'split') {
      context.report({
        messageId: 'unsupported',
        data: { detail: 'it is one part of a multi-volume (split) archive' },
        location,
        hint: 'Zip the members into one single archive.',
      });
    } else if (p.kind === 'directoryOutside') {
      context.report({
        messageId: 'centralDirectory',
        data: {
          detail: `it points to bytes ${p.offset}–${p.offset + p.size}, outside the ${p.fileSize}-byte file`,
        },
        location,
        hint: 'The archive is damaged or truncated; zip the members again.',
      });
    } else if (p.kind === 'directoryDamaged') {
      context.report({
        messageId: 'centralDirectory',
        data: { detail: p.detail },
        location,
        hint: 'The archive is damaged; zip the members again.',
      });
    }
  },
});

/** Reported by the ZIP reader before it reads the central directory beyond the limit. */
export const zipTooManyEntries = defineRule({
  meta: {
    code: 'RXA002',
    name: 'zip-too-many-entries',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      tooMany:
        'The archive declares {count} {count:entry|entries}; at most {limit} {limit:is|are} read, so it was not opened',
    },
    docs: {
      what: 'Reports an archive with more entries than the reader accepts (1,000 by default).',
      why: 'A zipped shapefile (a prescription or field boundaries) needs four or five files. Thousands of entries are either the wrong archive or an attempt to exhaust the reader; listing them all would cost time and memory for nothing.',
      example: 'A ZIP of a whole project folder with 10,000 files.',
      useInstead: 'A ZIP holding only zones.shp, zones.shx, zones.dbf and zones.prj.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'open' || stage.problem.kind !== 'tooManyEntries') return;
    context.report({
      messageId: 'tooMany',
      data: { count: stage.problem.count, limit: stage.problem.limit },
      location: {},
      hint: 'Zip only the prescription’s shapefile members (.shp, .shx, .dbf, .prj).',
    });
  },
});

/** Reported by the ZIP reader from the declared sizes, and while inflating when the total budget runs out. */
export const zipEntryTooLarge = defineRule({
  meta: {
    code: 'RXA003',
    name: 'zip-entry-too-large',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      entry:
        'Entry "{entry}" unpacks to {size} {size:byte|bytes}, over the limit of {limit} {limit:byte|bytes} per entry',
      total:
        'The entries unpack to {size} {size:byte|bytes} in total, over the limit of {limit} {limit:byte|bytes}',
    },
    docs: {
      what: 'Reports an entry, or a whole archive, whose uncompressed size is over the reader’s limits (100 MiB per entry, 200 MiB in total by default). Such entries are not unpacked.',
      why: 'A 100-zone prescription or a farm’s field boundaries is a few hundred kilobytes. Gigabytes of unpacked data are a zip bomb or the wrong file, and unpacking them would exhaust memory.',
      example: 'An entry declaring 4 GB of uncompressed data.',
      useInstead: 'Only the shapefile members, a few hundred kilobytes.',
    },
  },
  check(stage: ZipStage, context) {
    const hint = 'A prescription is a few hundred kilobytes; zip only its shapefile members.';
    if (stage.stage === 'entry') {
      const { entry: e, limits } = stage;
      if (e.isDirectory || e.uncompressedSize <= limits.maxEntrySize) return;
      context.report({
        messageId: 'entry',
        data: {
          entry: e.name,
          size: formatBytes(e.uncompressedSize),
          limit: formatBytes(limits.maxEntrySize),
        },
        location: { entry: e.name },
        hint: 'A prescription shapefile is a few hundred kilobytes; check that this is the right file.',
      });
    } else if (stage.stage === 'total') {
      const limit = formatBytes(stage.limits.maxTotalSize);
      context.report({
        messageId: 'total',
        data: { size: formatBytes(stage.declaredTotal), limit },
        location: {},
        hint,
      });
    } else if (stage.stage === 'read' && stage.problem.kind === 'overBudget') {
      const limit = formatBytes(stage.limits.maxTotalSize);
      context.report({
        messageId: 'total',
        data: { size: `more than ${limit}`, limit },
        location: { entry: stage.entry.name },
        hint,
      });
    }
  },
});

/** Reported by the ZIP reader: from the declared sizes, and by the hard output cap while inflating. */
export const zipBomb = defineRule({
  meta: {
    code: 'RXA004',
    name: 'zip-bomb',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      ratio:
        'Entry "{entry}" is compressed {ratio}:1 ({compressed} {compressed:byte unpacks|bytes unpack} to {size}), over the limit of {limit}:1',
      overrun:
        'Entry "{entry}" unpacks to more than the {declared} {declared:byte|bytes} its header declares; unpacking was stopped at {cap} bytes',
    },
    docs: {
      what: 'Reports an entry compressed far more than real data compresses (over 200:1 for entries above 1 MiB), and an entry that unpacks to more than its header declares. The reader never produces more than the declared size: a lying header is caught by the cap, not after the damage.',
      why: 'Zip bombs are small archives that unpack to gigabytes to exhaust the memory or disk of whoever opens them. A real shapefile compresses at most about 60:1.',
      example: 'zones.dbf: 10 KB compressed, 10 MB of zeros unpacked.',
      useInstead: 'The real shapefile members.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage === 'entry') {
      const { entry: e, limits } = stage;
      // An entry over the size limit is reported as too large (RXA003), not again here.
      if (e.isDirectory || e.uncompressedSize > limits.maxEntrySize) return;
      const compressed = Math.max(1, e.compressedSize);
      if (e.uncompressedSize <= limits.ratioMinSize || e.uncompressedSize <= limits.maxRatio * compressed)
        return;
      context.report({
        messageId: 'ratio',
        data: {
          entry: e.name,
          ratio: Math.round(e.uncompressedSize / compressed),
          compressed: formatBytes(e.compressedSize),
          size: formatBytes(e.uncompressedSize),
          limit: limits.maxRatio,
        },
        location: { entry: e.name },
        hint: 'Real shapefiles do not compress this well; this entry looks like a zip bomb. Do not unpack it.',
      });
    } else if (stage.stage === 'read' && stage.problem.kind === 'overrun') {
      const e = stage.entry;
      context.report({
        messageId: 'overrun',
        data: {
          entry: e.name,
          declared: formatBytes(e.uncompressedSize),
          cap: formatBytes(stage.problem.cap),
        },
        location: { entry: e.name },
        hint: 'The entry’s header lies about its size, as zip bombs do. Do not unpack this archive.',
      });
    }
  },
});

/** Reported by the ZIP reader for entry names that would write outside the folder they are unpacked into. */
export const zipUnsafePath = defineRule({
  meta: {
    code: 'RXA005',
    name: 'zip-unsafe-path',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      absolute: 'Entry "{entry}" has an absolute path',
      parent: 'Entry "{entry}" climbs out of the archive with ".."',
      control: 'Entry "{entry}" has a control character in its name',
    },
    docs: {
      what: 'Reports entry names that are absolute (/etc/x, C:\\x, \\\\server\\x), that contain a ".." segment, or that contain control characters. Such entries are not read.',
      why: 'Unpacking such a name writes outside the target folder ("zip slip"); services refuse these archives, and a shapefile never needs them.',
      example: '../../zones.shp',
      useInstead: 'zones.shp',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'entry' || stage.facts.unsafePath === undefined) return;
    context.report({
      messageId: stage.facts.unsafePath,
      data: { entry: stage.entry.name },
      location: { entry: stage.entry.name },
      hint: 'Zip the files from inside their folder so that entry names are plain relative names such as zones.shp.',
    });
  },
});

/** Reported by the ZIP reader for entries whose Unix mode marks them as symbolic links. */
export const zipSymlink = defineRule({
  meta: {
    code: 'RXA006',
    name: 'zip-symlink',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      symlink: 'Entry "{entry}" is a symbolic link to "{target}"; links are not followed',
    },
    docs: {
      what: 'Reports entries stored as symbolic links (Unix mode 120000). They are not read or followed.',
      why: 'A link unpacked on the server can point anywhere on its disk; a later entry written "through" it escapes the target folder. Shapefiles consist of plain files.',
      example: 'zones.shp -> /etc/passwd',
      useInstead: 'Zip the files themselves (zip without -y).',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'entry' || stage.facts.symlinkTarget === undefined) return;
    context.report({
      messageId: 'symlink',
      data: { entry: stage.entry.name, target: stage.facts.symlinkTarget },
      location: { entry: stage.entry.name },
      hint: 'Zip the file itself instead of a link to it (zip without -y / --symlinks).',
    });
  },
});

/** Reported by the ZIP reader for members that are archives themselves. They are never opened. */
export const zipNestedArchive = defineRule({
  meta: {
    code: 'RXA007',
    name: 'zip-nested-archive',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'warning',
    messages: {
      nested: 'Entry "{entry}" is an archive inside the archive; it is not opened',
    },
    docs: {
      what: 'Reports archives (.zip, .7z, .rar, .tar, .gz, …) stored inside the uploaded ZIP. They are listed, not opened.',
      why: 'The service reads only the top-level ZIP; a shapefile inside a nested ZIP is not found, and recursive archives are a classic way to multiply a zip bomb.',
      example: 'rx.zip containing zones.zip',
      useInstead: 'Upload zones.zip itself, or unpack it and zip its members directly.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'entry' || stage.entry.isDirectory || !stage.facts.nestedArchive) return;
    context.report({
      messageId: 'nested',
      data: { entry: stage.entry.name },
      location: { entry: stage.entry.name },
      hint: 'Put the shapefile members directly into the uploaded ZIP.',
    });
  },
});

/** Reported by the ZIP reader when an entry's data cannot be unpacked or does not match its checksum. */
export const zipEntryCorrupt = defineRule({
  meta: {
    code: 'RXA008',
    name: 'zip-entry-corrupt',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      localHeader: 'Entry "{entry}": {detail}',
      outOfBounds: 'Entry "{entry}" runs past the end of the file: the archive is truncated or damaged',
      inflate: 'Entry "{entry}" cannot be unpacked: {detail}',
      size: 'Entry "{entry}" unpacks to {actual} {actual:byte|bytes}, but its header declares {declared}',
      crc: 'Entry "{entry}" fails its checksum (CRC-32 {actual}, expected {expected}): the data is damaged',
    },
    docs: {
      what: 'Reports an entry whose local header is missing or disagrees with the directory, whose data runs past the end of the file, whose compressed stream is broken, or whose unpacked bytes do not match the declared size or CRC-32.',
      why: 'The service refuses a damaged archive, or worse reads a damaged shapefile; the entry is named so you know which file to zip again.',
      example: 'A ZIP whose zones.dbf was damaged in transfer.',
      useInstead: 'Zip the original files again.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage === 'entry') {
      const { entry: e, facts } = stage;
      // An entry already refused for its name is not reported again for its header.
      if (facts.localHeader === 'ok' || facts.unsafePath !== undefined) return;
      context.report({
        messageId: facts.localHeader === 'outOfBounds' ? 'outOfBounds' : 'localHeader',
        data: { entry: e.name, detail: `no local header at byte ${e.localHeaderOffset}` },
        location: { entry: e.name },
        hint: 'The archive is damaged; zip the members again.',
      });
      return;
    }
    if (stage.stage !== 'read') return;
    const { entry: e, problem: p } = stage;
    const location = { entry: e.name };
    const hex = (n: number): string => n.toString(16).padStart(8, '0');
    if (p.kind === 'outOfBounds') {
      context.report({
        messageId: 'outOfBounds',
        data: { entry: e.name },
        location,
        hint: 'The end of the file is missing. Copy or download the complete file, or zip the members again.',
      });
    } else if (p.kind === 'inflate') {
      context.report({
        messageId: 'inflate',
        data: { entry: e.name, detail: p.detail },
        location,
        hint: 'The compressed data is damaged; zip the original files again.',
      });
    } else if (p.kind === 'size') {
      context.report({
        messageId: 'size',
        data: { entry: e.name, actual: formatBytes(p.actual), declared: formatBytes(e.uncompressedSize) },
        location,
        hint: 'The data is damaged; zip the original files again.',
      });
    } else if (p.kind === 'crc') {
      context.report({
        messageId: 'crc',
        data: { entry: e.name, actual: hex(p.actual), expected: hex(e.crc32) },
        location,
        hint: 'The data is damaged; zip the original files again.',
      });
    }
  },
});

/** Reported by the ZIP reader for encrypted entries and compression methods it cannot unpack. */
export const zipEntryUnsupported = defineRule({
  meta: {
    code: 'RXA009',
    name: 'zip-entry-unsupported',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      encrypted: 'Entry "{entry}" is encrypted',
      method:
        'Entry "{entry}" uses compression method {method} ({methodName}); only stored and deflated entries can be read',
    },
    docs: {
      what: 'Reports encrypted entries and entries compressed with methods other than stored (0) and deflate (8), such as Deflate64, bzip2, LZMA or Zstandard.',
      why: 'The service cannot unpack them either; the standard method every tool writes by default is deflate.',
      example: 'A ZIP made with "7z a -mm=LZMA" or with a password.',
      useInstead: 'Zip the files again with default settings and no password.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'entry' || stage.entry.isDirectory) return;
    const e = stage.entry;
    if (e.encrypted) {
      context.report({
        messageId: 'encrypted',
        data: { entry: e.name },
        location: { entry: e.name },
        hint: 'Zip the files again without a password.',
      });
    } else if (e.method !== 0 && e.method !== 8) {
      context.report({
        messageId: 'method',
        data: { entry: e.name, method: e.method, methodName: METHOD_NAMES[e.method] ?? 'unknown' },
        location: { entry: e.name },
        hint: 'Zip the files again with the default (deflate) compression.',
      });
    }
  },
});

/** Reported by the ZIP reader when two entries have the same name. */
export const zipDuplicateEntry = defineRule({
  meta: {
    code: 'RXA010',
    name: 'zip-duplicate-entry',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      duplicate: 'Entry "{entry}" appears {count} {count:time|times} in the archive',
    },
    docs: {
      what: 'Reports names that occur more than once in the archive directory. Only the first is read.',
      why: 'Which copy an unpacker keeps differs between tools, so the service may read another file than the one checked here.',
      example: 'zones.dbf added twice with "zip -g".',
      useInstead: 'One entry per name.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'listing') return;
    for (const { name, count } of stage.facts.duplicates) {
      context.report({
        messageId: 'duplicate',
        data: { entry: name, count },
        location: { entry: name },
        hint: 'Zip the members again into a new archive instead of adding to an old one.',
      });
    }
  },
});

/** Reported by the ZIP reader when two entries share compressed data. */
export const zipOverlappingEntries = defineRule({
  meta: {
    code: 'RXA011',
    name: 'zip-overlapping-entries',
    group: 'zip-archive',
    decidedIn: 'core/archive/zip-rules.ts',
    severity: 'error',
    messages: {
      overlap: 'Entry "{entry}" overlaps the data of entry "{other}"; it is not read',
    },
    docs: {
      what: 'Reports entries whose stored data overlaps another entry’s. Such entries are not read.',
      why: 'Overlapping entries never come from a zip tool: they are how non-recursive zip bombs multiply a few kilobytes into gigabytes.',
      example: '1,000 entries all pointing at the same deflated kernel.',
      useInstead: 'An archive written by a zip tool.',
    },
  },
  check(stage: ZipStage, context) {
    if (stage.stage !== 'listing') return;
    for (const { entry, other, refusedBefore } of stage.facts.overlaps) {
      // An entry refused already (a duplicate, an unsafe name …) is not reported twice.
      if (refusedBefore) continue;
      context.report({
        messageId: 'overlap',
        data: { entry: entry.name, other: other.name },
        location: { entry: entry.name },
        hint: 'Archives written by zip tools never share data between entries; this one was crafted or damaged.',
      });
    }
  },
});

/** ZIP archive safety (RXA001–RXA011). */
export const zipArchiveRules = [
  zipUnreadable,
  zipTooManyEntries,
  zipEntryTooLarge,
  zipBomb,
  zipUnsafePath,
  zipSymlink,
  zipNestedArchive,
  zipEntryCorrupt,
  zipEntryUnsupported,
  zipDuplicateEntry,
  zipOverlappingEntries,
];

/**
 * The order the reader visits the rules in at each stage, so that one entry's problems are reported in the
 * order a reader of the report expects: its name, its header, what it is, how it is packed, its size.
 */
export const zipRulesInReportOrder: readonly Rule<ZipStage>[] = [
  zipUnreadable,
  zipTooManyEntries,
  zipUnsafePath,
  zipEntryCorrupt,
  zipSymlink,
  zipEntryUnsupported,
  zipEntryTooLarge,
  zipBomb,
  zipNestedArchive,
  zipDuplicateEntry,
  zipOverlappingEntries,
];
