import { duplicateField } from './duplicate-field.ts';
import { fieldAcres } from './field-acres.ts';
import { fieldRequiredProperty } from './field-required-property.ts';
import { fieldSource } from './field-source.ts';
import { fieldUnknownProperty } from './field-unknown-property.ts';
import { fieldsArray } from './fields-array.ts';

/** Rules over the whole upload body. */
export const uploadRules = [fieldsArray, duplicateField] as const;
/** Rules over one item of "fields". */
export const itemRules = [fieldRequiredProperty, fieldAcres, fieldSource, fieldUnknownProperty] as const;

export const fieldUploadRules = [...uploadRules, ...itemRules] as const;
