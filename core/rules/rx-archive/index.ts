import { rxCrsNotWgs84 } from './rx-crs-not-wgs84.ts';
import { rxExtraFiles } from './rx-extra-files.ts';
import { rxIsoxmlTaskdata } from './rx-isoxml-taskdata.ts';
import { rxMemberBaseName } from './rx-member-base-name.ts';
import { rxMemberDuplicate } from './rx-member-duplicate.ts';
import { rxMemberFolder } from './rx-member-folder.ts';
import { rxMemberMissing } from './rx-member-missing.ts';
import { rxPrjMissing } from './rx-prj-missing.ts';

/** Prescription members and CRS (RXA012–RXA019). ZIP safety (RXA001–RXA011) is the zip-archive group. */
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
