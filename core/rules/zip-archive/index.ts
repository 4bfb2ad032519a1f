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

/**
 * ZIP archive safety (RXA001–RXA011), reported by the archive reader for every ZIP it opens: prescriptions
 * and boundary shapefiles alike. The codes keep their RXA prefix: codes are permanent.
 */
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
] as const;
