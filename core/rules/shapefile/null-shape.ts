import { defineRule } from '../rule.ts';

/** Reported by the prescription checks for records without geometry. */
export const nullShape = defineRule({
  meta: {
    code: 'RXS009',
    name: 'null-shape',
    group: 'shapefile',
    severity: 'error',
    messages: {
      empty: 'Record {record} has no geometry (Null shape or no points)',
      more: '{count} more records have no geometry',
    },
    docs: {
      what: 'Reports records of type Null and polygon records with no parts or points.',
      why: 'A zone without geometry has a rate that applies nowhere; the service rejects it or drops it silently.',
      example: 'A zone whose polygon was deleted in the GIS but whose attribute row was kept.',
      useInstead: 'Delete the whole record, or draw its polygon.',
    },
  },
});
