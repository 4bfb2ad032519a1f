import { duplicateField } from './duplicate-field.ts';
import { fieldAcres } from './field-acres.ts';
import { fieldRequiredProperty } from './field-required-property.ts';
import { fieldSource } from './field-source.ts';
import { fieldUnknownProperty } from './field-unknown-property.ts';
import { fieldsArray } from './fields-array.ts';

/** Rules over the JSON structure of an upload body. */
const uploadRules = [fieldsArray] as const;
/** Rules across the records of one upload (or CSV, or boundary file). */
const recordsRules = [duplicateField] as const;
/** Rules over one field record. */
export const itemRules = [fieldRequiredProperty, fieldAcres, fieldSource, fieldUnknownProperty] as const;

export const fieldUploadRules = [...uploadRules, ...recordsRules, ...itemRules] as const;
