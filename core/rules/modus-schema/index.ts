import { xmlMalformed } from './xml-malformed.ts';
import { xmlDoctype } from './xml-doctype.ts';
import { xmlLimitExceeded } from './xml-limit-exceeded.ts';
import { xmlEncoding } from './xml-encoding.ts';
import { modusRootElement } from './modus-root-element.ts';
import { xmlElementNotAllowed } from './xml-element-not-allowed.ts';
import { xmlElementMissing } from './xml-element-missing.ts';
import { xmlAttributeNotAllowed } from './xml-attribute-not-allowed.ts';
import { xmlAttributeMissing } from './xml-attribute-missing.ts';
import { xmlValueTypeInvalid } from './xml-value-type-invalid.ts';
import { xmlValueNotInList } from './xml-value-not-in-list.ts';
import { xmlValueOutOfRange } from './xml-value-out-of-range.ts';
import { xmlTextNotAllowed } from './xml-text-not-allowed.ts';
import { xmlKeyDuplicate } from './xml-key-duplicate.ts';
import { xsiAttributeInvalid } from './xsi-attribute-invalid.ts';
import { xmlElementOutOfOrder } from './xml-element-out-of-order.ts';
import { xmlElementRepeated } from './xml-element-repeated.ts';

export const modusSchemaRules = [
  xmlMalformed,
  xmlDoctype,
  xmlLimitExceeded,
  xmlEncoding,
  modusRootElement,
  xmlElementNotAllowed,
  xmlElementMissing,
  xmlAttributeNotAllowed,
  xmlAttributeMissing,
  xmlValueTypeInvalid,
  xmlValueNotInList,
  xmlValueOutOfRange,
  xmlTextNotAllowed,
  xmlKeyDuplicate,
  xsiAttributeInvalid,
  xmlElementOutOfOrder,
  xmlElementRepeated,
] as const;
