import { describeKind } from '../../json/json-document.ts';
import { subjectLocation } from '../../json/json-location.ts';
import { propertyOf } from '../../json/json-subject-access.ts';
import { defineRule } from '../rule.ts';
import { REQUIRED_FIELD_PROPERTIES } from './field-upload-known.ts';
import type { FieldItemSubject } from './field-upload-subject.ts';

export const fieldRequiredProperty = defineRule<FieldItemSubject, 'missing' | 'notString' | 'blank'>({
  meta: {
    code: 'FU002',
    name: 'field-required-property',
    group: 'field-upload',
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
  check(item, context) {
    if (item.node.kind !== 'object') return;
    for (const property of REQUIRED_FIELD_PROPERTIES) {
      const prop = propertyOf(item, property);
      if (!prop) {
        context.report({
          messageId: 'missing',
          data: { row: item.row, property },
          location: { ...subjectLocation(item), field: property },
          hint:
            property === 'boundary'
              ? 'Add the boundary as WKT in WGS 84, e.g. "POLYGON((lon lat, …))".'
              : `Add "${property}".`,
        });
      } else if (prop.node.kind !== 'string') {
        context.report({
          messageId: 'notString',
          data: { row: item.row, property, kind: describeKind(prop.node) },
          location: subjectLocation(prop),
          hint: 'Write it in double quotes.',
        });
      } else if (prop.node.value.trim() === '') {
        context.report({
          messageId: 'blank',
          data: { row: item.row, property },
          location: subjectLocation(prop),
          hint: `Fill in ${property}.`,
        });
      }
    }
  },
});
