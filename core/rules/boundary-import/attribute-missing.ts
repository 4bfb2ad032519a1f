import { defineRule } from '../rule.ts';

/** Reported by the boundary imports (core/boundary/field-attributes.ts), per feature. */
export const attributeMissing = defineRule({
  meta: {
    code: 'IMP005',
    name: 'attribute-missing',
    group: 'boundary-import',
    severity: 'error',
    messages: {
      noSource: 'No attribute gives the {target} of the fields (looked for {candidates}, …)',
      empty: '{feature} has no value for {target} (attribute {attribute})',
      acresNotNumber: '{feature} has acres "{value}" in {attribute}, which is not a number; acres left out',
    },
    docs: {
      what: 'Reports a field whose clientName, farmName or name cannot be filled from its attributes (no mapped attribute, or an empty value), and acres values that are not numbers (a warning: acres are optional and left out).',
      why: 'The service requires clientName, farmName and name for every field; a field without them is rejected, and guessing a name would file it under the wrong farm.',
      example: 'a shapefile whose .dbf has only ID and AREA columns',
      useInstead:
        'fieldgate convert fields.zip --client "Smith Farms" --farm "Home" --map name=ID --to fields.json',
    },
  },
});
