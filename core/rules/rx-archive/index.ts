import { rxCrsNotWgs84 } from './rx-crs-not-wgs84.ts';
import { rxExtraFiles } from './rx-extra-files.ts';
import { rxMemberBaseName } from './rx-member-base-name.ts';
import { rxMemberDuplicate } from './rx-member-duplicate.ts';
import { rxMemberFolder } from './rx-member-folder.ts';
import { rxMemberMissing } from './rx-member-missing.ts';
import { rxPrjMissing } from './rx-prj-missing.ts';
import { zipBomb } from './zip-bomb.ts';
import { zipDuplicateEntry } from './zip-duplicate-entry.ts';
import { zipEntryCorrupt } from './zip-entry-corrupt.ts';
import { zipEntryTooLarge } from './zip-entry-too-large.ts';
import { zipEntryUnsupported } from './zip-entry-unsupported.ts';
import { zipNestedArchive } from './zip-nested-archive.ts';
import { zipOverlappingEntries } from './zip-overlapping-entries.ts';
import { zipSymlink } from './zip-symlink.ts';
import { zipTooManyEntries } from './zip-too-many-entries.ts';
import { zipUnreadable } from './zip-unreadable.ts';
import { zipUnsafePath } from './zip-unsafe-path.ts';

/** Archive safety (RXA001–RXA011) and prescription members (RXA012–RXA018). */
export const rxArchiveRules = [
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
  rxMemberMissing,
  rxMemberDuplicate,
  rxMemberBaseName,
  rxMemberFolder,
  rxPrjMissing,
  rxCrsNotWgs84,
  rxExtraFiles,
] as const;
