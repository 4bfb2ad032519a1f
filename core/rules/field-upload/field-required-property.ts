import { atRecord, describeValueKind } from '../../records/field-record.ts';
import { defineRule } from '../rule.ts';
import { REQUIRED_FIELD_PROPERTIES } from './field-upload-known.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldRequiredProperty = defineRule<FieldItemSubject, 'missing' | 'notString' | 'blank'>({
  meta: {
    code: 'FU002',
    name: 'field-required-property',
    group: 'field-upload',
    decidedIn: 'core/rules/field-upload/field-required-property.ts',
    severity: 'error',
    messages: {
      missing: 'Field {row} has no {property}',
      notString: 'Field {row}: {property} must be a string, but this is {kind}',
      blank: 'Field {row}: {property} is blank',
    },
    docs: {
      what: 'Reports a field without a non-blank string clientName, farmName, name or boundary.',
      why: 'The grower sees fields in a client / farm / field hierarchy; a field without one of them, or without a boundary, is refused and the whole upload fails.',
      example: '{"clientName": "Smith", "farmName": "", "name": "North 40", "boundary": "POLYGON(…)"}',
      useInstead: '{"clientName": "Smith", "farmName": "Home", "name": "North 40", "boundary": "POLYGON(…)"}',
    },
  },
  check(record, context) {
    for (const property of REQUIRED_FIELD_PROPERTIES) {
      const value = record[property];
      if (!value) {
        context.report({
          messageId: 'missing',
          data: { row: record.row, property },
          location: atRecord(record, { ...record.location, field: property }),
          hint:
            property === 'boundary'
              ? 'Add the boundary as WKT in WGS 84, e.g. "POLYGON((lon lat, …))".'
              : `Add "${property}".`,
        });
      } else if (property === 'boundary' && 'geometry' in value && value.geometry) {
        // A boundary read as geometry (GeoJSON, KML, shapefile) is the boundary checks' business.
      } else if (value.kind !== 'string') {
        context.report({
          messageId: 'notString',
          data: { row: record.row, property, kind: describeValueKind(value.kind) },
          location: atRecord(record, value.location),
          hint: 'Write it in double quotes.',
        });
      } else if (String(value.value ?? '').trim() === '') {
        context.report({
          messageId: 'blank',
          data: { row: record.row, property },
          location: atRecord(record, value.location),
          hint: `Fill in ${property}.`,
        });
      }
    }
  },
});
