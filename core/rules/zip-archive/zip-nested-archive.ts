import { defineRule } from '../rule.ts';

/** Reported by the ZIP reader for members that are archives themselves. They are never opened. */
export const zipNestedArchive = defineRule({
  meta: {
    code: 'RXA007',
    name: 'zip-nested-archive',
    group: 'zip-archive',
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
});
