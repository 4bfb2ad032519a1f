import { defineRule } from '../rule.ts';

/** Reported by the boundary imports (core/boundary/field-attributes.ts), once per file. */
export const attributeMapping = defineRule({
  meta: {
    code: 'IMP006',
    name: 'attribute-mapping',
    group: 'boundary-import',
    severity: 'info',
    messages: {
      guessed:
        '{target} taken from the attribute {attribute} (guessed; set it with --map {target}=ATTRIBUTE)',
      defaulted:
        'No attribute gives the {target} of the fields: every field gets {target} "{value}" ({reason}); set it with --{option} NAME or --map {target}=ATTRIBUTE',
      numbered:
        'No attribute gives the names of the fields: they are named "Field 1" … "Field {count}" in file order; set them with --map name=ATTRIBUTE',
      unknownAttribute:
        'The mapping {target}={attribute} names an attribute the file does not have; its attributes are {available}',
    },
    docs: {
      what: 'Says which attribute each field property (clientName, farmName, name, acres) was taken from when the import guessed it (name/NAME/field_name, farm, client, CSBACRES/acres …, case-insensitive), reports a mapping that names an attribute the file lacks (an error), and says which default convert used when nothing gives the farm (the file name without its extension) or the field names (Field 1, Field 2 …).',
      why: 'A guessed mapping can be wrong (a farm ID taken as the field name); saying what was used lets the person check it before the upload.',
      example: 'fieldgate convert fields.zip --map name=FIELDNAME  (the .dbf has FIELD_NAME)',
      useInstead: 'fieldgate convert fields.zip --map name=FIELD_NAME',
    },
  },
});
