/**
 * The rules the streaming Modus validator reports about the XML itself, group modus-schema: well-formedness
 * and parser safety and the structure and values the Modus v1 XSD requires. Each rule carries its check, a
 * visitor over the schema pass's stage results (schema-stages.ts: facts found only where the document
 * breaks the schema, by schema-validator.ts, or its decoding, by validate-modus.ts); the rule decides here
 * what it says. The registry (core/rules/registry.ts) gathers them.
 */

import { defineRule, type RuleContext } from '../rules/rule.ts';
import type { RulesByStage } from './modus-rule-context.ts';
import type { SchemaStage, SchemaStageOf } from './schema-stages.ts';

const MAX_SHOWN = 60;

/** Element names for a message: <A>, <B> and <C>. */
function listNames(names: readonly string[]): string {
  const tags = names.map((n) => `<${n}>`);
  if (tags.length <= 1) return tags.join('');
  return `${tags.slice(0, -1).join(', ')} and ${tags[tags.length - 1]}`;
}

/** A value as a message shows it: on one line, at most 60 characters. */
function shown(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ');
  return oneLine.length > MAX_SHOWN ? oneLine.slice(0, MAX_SHOWN - 1) + '…' : oneLine;
}

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlMalformed = defineRule({
  meta: {
    code: 'MOD001',
    name: 'xml-malformed',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      malformed: 'Not well-formed XML: {detail}',
    },
    docs: {
      what: 'Reports the first place where the file stops being well-formed XML (unclosed or mismatched tags, a stray "<" or "&", an undefined entity, a forbidden character, an undeclared namespace prefix, text outside the root), at its line and column. Reading stops there, as XML requires.',
      why: 'An XML parser must refuse a document that is not well-formed; the service cannot read any result from it, and every later check would only guess.',
      example: '<LabName>A & L Great Lakes</LabName>',
      useInstead: '<LabName>A &amp; L Great Lakes</LabName>',
    },
  },
  check(stage: SchemaStageOf<'xml-error'>, context: RuleContext<'malformed'>) {
    const { error } = stage;
    // A DOCTYPE with entities and a safety limit are MOD002's and MOD003's.
    if (error.kind === 'doctype-entities' || error.kind === 'limit') return;
    context.report({
      messageId: 'malformed',
      data: { detail: error.message },
      location: stage.location,
      ...(error.hint !== undefined ? { hint: error.hint } : {}),
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlDoctype = defineRule({
  meta: {
    code: 'MOD002',
    name: 'xml-doctype',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      entities: 'The DOCTYPE is rejected: {detail}',
      ignored: 'The DOCTYPE is ignored: {detail}',
    },
    docs: {
      what: 'Rejects a DOCTYPE that declares entities or uses parameter entities, at the declaration, without expanding anything; warns that any other DOCTYPE is skipped, never processed (no external DTD is fetched).',
      why: 'Entity declarations are how "billion laughs" (exponential expansion) and XXE (reading local files or URLs) attacks work. Modus needs no DTD, so Fieldgate never processes one, and a file that depends on its entities cannot be read as intended.',
      example: '<!DOCTYPE ModusResult [<!ENTITY lab "A &amp; L">]>',
      useInstead: '(no DOCTYPE)',
    },
  },
  check(stage: SchemaStageOf<'xml-error' | 'doctype'>, context: RuleContext<'entities' | 'ignored'>) {
    if (stage.stage === 'xml-error') {
      const { error } = stage;
      if (error.kind !== 'doctype-entities') return;
      context.report({
        messageId: 'entities',
        data: { detail: error.message },
        location: stage.location,
        ...(error.hint !== undefined ? { hint: error.hint } : {}),
      });
      return;
    }
    const { info } = stage;
    const parts: string[] = [];
    if (info.externalId) parts.push('its external DTD is not fetched');
    if (info.declarations > 0) parts.push(`its ${info.declarations} declaration(s) are not applied`);
    context.report({
      messageId: 'ignored',
      severity: 'warning',
      data: { detail: parts.length > 0 ? parts.join(' and ') : 'Modus files need no DTD' },
      location: stage.location,
      hint: 'Remove the DOCTYPE; Modus is defined by its XML Schema, not by a DTD.',
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlLimitExceeded = defineRule({
  meta: {
    code: 'MOD003',
    name: 'xml-limit-exceeded',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      limit: 'The document exceeds a safety limit: {detail}',
    },
    docs: {
      what: 'Stops reading a document that is larger than the size limit, nests elements too deeply, or has a tag, comment or declaration longer than the token limit.',
      why: 'Limits keep validation fast and memory-bounded whatever the input; a Modus file never comes near them unless it is damaged or hostile.',
      example: '<a><a><a>… (300 levels deep)',
    },
  },
  check(stage: SchemaStageOf<'xml-error'>, context: RuleContext<'limit'>) {
    const { error } = stage;
    if (error.kind !== 'limit') return;
    context.report({
      messageId: 'limit',
      data: { detail: error.message },
      location: stage.location,
      ...(error.hint !== undefined ? { hint: error.hint } : {}),
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlEncoding = defineRule({
  meta: {
    code: 'MOD004',
    name: 'xml-encoding',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      invalidBytes: 'The file is not valid {encoding}: {detail}',
      unsupported: 'Unsupported encoding: {detail}',
    },
    docs: {
      what: "Reports bytes that are not valid in the file's encoding (UTF-8 unless a byte order mark or the XML declaration says otherwise), at the exact byte, and encodings that cannot be read.",
      why: 'Invalid bytes mean the file was damaged or saved in another encoding than it declares; values such as lab names would arrive garbled.',
      example: '<?xml version="1.0" encoding="UTF-8"?> followed by Latin-1 bytes such as 0xE9',
      useInstead: 'Save the file as UTF-8, or declare encoding="ISO-8859-1".',
    },
  },
  check(stage: SchemaStageOf<'decode-problem'>, context: RuleContext<'invalidBytes' | 'unsupported'>) {
    const { problem } = stage;
    const invalidBytes = problem.kind === 'invalid-bytes';
    context.report({
      messageId: invalidBytes ? 'invalidBytes' : 'unsupported',
      data: {
        encoding: stage.encoding.toUpperCase(),
        detail: `${problem.message} (byte ${problem.byteOffset})`,
      },
      location: stage.location,
      hint: invalidBytes
        ? 'Save the file as UTF-8, or declare its real encoding in <?xml version="1.0" encoding="…"?>.'
        : 'Save the file as UTF-8.',
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const modusRootElement = defineRule({
  meta: {
    code: 'MOD005',
    name: 'modus-root-element',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      notModus: 'The root element is <{name}>, not <ModusResult> or <ModusSubmit>',
      namespaced:
        'The root element <{name}> is in the namespace "{ns}", but Modus v1 elements have no namespace',
    },
    docs: {
      what: 'Reports a document whose root element is not ModusResult or ModusSubmit in no namespace.',
      why: 'Only these roots are Modus v1 documents; anything else is not a soil test file, and the schema checks cannot apply.',
      example: '<ModusResult xmlns="urn:modus">',
      useInstead: '<ModusResult>',
    },
  },
  check(stage: SchemaStageOf<'root-refused'>, context: RuleContext<'notModus' | 'namespaced'>) {
    if (stage.ns !== '' && stage.modusName) {
      context.report({
        messageId: 'namespaced',
        data: { name: stage.name, ns: stage.ns },
        location: stage.location,
        hint: `Remove the xmlns="${stage.ns}" declaration; Modus v1 uses no namespace.`,
      });
      return;
    }
    context.report({
      messageId: 'notModus',
      data: { name: stage.name },
      location: stage.location,
      hint: 'Check that this is a Modus v1 soil test file (its root is <ModusResult>).',
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlElementNotAllowed = defineRule({
  meta: {
    code: 'MOD006',
    name: 'xml-element-not-allowed',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      unexpected: '<{name}> is not allowed in <{parent}>{expected}',
      inSimple: '<{parent}> holds a value only; the element <{name}> is not allowed in it',
      inEmpty: '<{parent}> must be empty; the element <{name}> is not allowed in it',
      namespaced: '<{name}> is in the namespace "{ns}"; Modus elements have no namespace',
      choice: '<{parent}> holds only one of {options}; <{name}> is not allowed after <{chosen}>',
    },
    docs: {
      what: 'Reports an element that the Modus schema does not allow at this place: an unknown or misspelt name, an element inside a value, a second branch of a choice.',
      why: 'The schema is the contract between labs and FMIS software; an element it does not define is not read, so its data is lost or the file is refused.',
      example: '<Contact><Name>A &amp; L</Name><Phone>260.483.4759</Phone>…</Contact>',
      useInstead: '<Contact><Name>A &amp; L</Name><PhoneNumber>260-483-4759</PhoneNumber>…</Contact>',
    },
  },
  check(
    stage: SchemaStageOf<'element-not-allowed'>,
    context: RuleContext<'unexpected' | 'inSimple' | 'inEmpty' | 'namespaced' | 'choice'>,
  ) {
    const { name, parent, refusal, location } = stage;
    switch (refusal.kind) {
      case 'in-simple':
        context.report({
          messageId: 'inSimple',
          data: { name, parent },
          location,
          hint: `Write the value of <${parent}> as text, without elements inside.`,
        });
        return;
      case 'in-empty':
        context.report({
          messageId: 'inEmpty',
          data: { name, parent },
          location,
          hint: `<${parent}> takes attributes only here; remove <${name}>.`,
        });
        return;
      case 'namespaced':
        context.report({
          messageId: 'namespaced',
          data: { name, ns: refusal.ns },
          location,
          hint: 'Remove the namespace declaration or prefix.',
        });
        return;
      case 'unknown': {
        const { expected, guess } = refusal;
        context.report({
          messageId: 'unexpected',
          data: {
            name,
            parent,
            expected:
              expected.length > 0
                ? ` (expected ${expected.length > 1 ? 'one of ' : ''}${listNames(expected)})`
                : ` (it holds no more elements here)`,
          },
          location,
          hint:
            guess !== undefined
              ? `Did you mean <${guess}>? Element names are case-sensitive.`
              : `<${parent}> may contain ${listNames(refusal.names)}.`,
        });
        return;
      }
      case 'choice':
        context.report({
          messageId: 'choice',
          data: { name, parent, options: listNames(refusal.options), chosen: refusal.chosen },
          location,
          hint: `One <${parent}> holds one kind; put the other in its own event.`,
        });
    }
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlElementMissing = defineRule({
  meta: {
    code: 'MOD007',
    name: 'xml-element-missing',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      missing: '<{parent}> is missing {missing}',
      missingBefore: '<{parent}> is missing {missing} before <{name}>',
    },
    docs: {
      what: 'Reports a required child element that is absent, naming every missing element of its parent.',
      why: 'Consumers rely on required elements (a NutrientResult without ModusTestID cannot be matched to a test method; a SoilSample without SampleNumber cannot be identified).',
      example:
        '<NutrientResult><Element>pH</Element><Value>7.0</Value><ValueUnit>none</ValueUnit></NutrientResult>',
      useInstead:
        '<NutrientResult><Element>pH</Element><Value>7.0</Value><ValueUnit>none</ValueUnit><ModusTestID>S-PH-1:1.02.07</ModusTestID><ValueType>Measured</ValueType><ValueDesc xsi:nil="true"/></NutrientResult>',
    },
  },
  check(stage: SchemaStageOf<'elements-missing'>, context: RuleContext<'missing' | 'missingBefore'>) {
    const { parent, before } = stage;
    const missing = listNames(stage.missing);
    if (before !== undefined) {
      context.report({
        messageId: 'missingBefore',
        data: { parent, missing, name: before },
        location: stage.location,
        hint: `Add ${missing} before <${before}>.`,
      });
      return;
    }
    context.report({
      messageId: 'missing',
      data: { parent, missing },
      location: stage.location,
      hint: `Add ${missing} inside <${parent}>.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlAttributeNotAllowed = defineRule({
  meta: {
    code: 'MOD008',
    name: 'xml-attribute-not-allowed',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      unexpected: 'Attribute {name} is not allowed on <{element}>{expected}',
    },
    docs: {
      what: 'Reports an attribute the schema does not define for the element (including unknown xsi: attributes and attributes in other namespaces).',
      why: 'Attributes outside the schema are not read by consumers; a misspelt DepthID, for example, leaves the depth unidentified.',
      example: '<Depth DepthId="1">',
      useInstead: '<Depth DepthID="1">',
    },
  },
  check(stage: SchemaStageOf<'attribute-not-allowed'>, context: RuleContext<'unexpected'>) {
    const { name, declared, guess } = stage;
    context.report({
      messageId: 'unexpected',
      data: {
        name,
        element: stage.element,
        expected: declared.length > 0 ? ` (it takes ${declared.join(', ')})` : ' (it takes no attributes)',
      },
      location: stage.location,
      hint:
        guess !== undefined
          ? `Did you mean ${guess}? Attribute names are case-sensitive.`
          : `Remove ${name}.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlAttributeMissing = defineRule({
  meta: {
    code: 'MOD009',
    name: 'xml-attribute-missing',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      missing: '<{element}> is missing the required attribute {name}',
    },
    docs: {
      what: 'Reports a required attribute that is absent, such as DepthID on Depth or DepthRef, or RecID on a recommendation.',
      why: "Without DepthID a depth's results cannot be tied to its DepthRef (its starting and ending depth).",
      example: '<Depth><NutrientResults>…</NutrientResults></Depth>',
      useInstead: '<Depth DepthID="1"><NutrientResults>…</NutrientResults></Depth>',
    },
  },
  check(stage: SchemaStageOf<'attribute-missing'>, context: RuleContext<'missing'>) {
    context.report({
      messageId: 'missing',
      data: { element: stage.element, name: stage.name },
      location: stage.location,
      hint: `Add ${stage.name}="…" to <${stage.element}>.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlValueTypeInvalid = defineRule({
  meta: {
    code: 'MOD010',
    name: 'xml-value-type-invalid',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      element: '<{element}> value "{value}" is not {expected}',
      attribute: 'Attribute {name} of <{element}>: "{value}" is not {expected}',
    },
    docs: {
      what: 'Reports a value that is not of its schema type: a date that is not YYYY-MM-DD (or not a real day), a date-time without seconds, a number with a comma, a boolean written yes/no, broken base64.',
      why: 'Typed values are read by machines; "24/09/2021" or "1,5" are read wrongly or not at all.',
      example: '<EventDate>09/24/2021</EventDate>',
      useInstead: '<EventDate>2021-09-24</EventDate>',
    },
  },
  check(stage: SchemaStageOf<'value-refused'>, context: RuleContext<'element' | 'attribute'>) {
    const { problem, value } = stage;
    if (problem.kind !== 'lexical') return;
    context.report({
      messageId: stage.where,
      data: { element: stage.element, name: stage.name, value: shown(value), expected: problem.expected },
      location: stage.location,
      hint:
        problem.expected.includes('xs:date') && /^\s|\s$/.test(value)
          ? 'Remove the spaces around the date.'
          : `Write ${problem.expected}.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlValueNotInList = defineRule({
  meta: {
    code: 'MOD011',
    name: 'xml-value-not-in-list',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      element: '<{element}> value "{value}" is not one of {allowed}',
    },
    docs: {
      what: "Reports a value outside the schema's list of allowed values, such as ValueType (Measured, Percent, Calculated, Index) or ValueDesc (Very Low … Very High, VL … VH). The comparison is exact: case and spaces count.",
      why: 'Enumerated values are matched literally by consumers; "measured" or " Low" are not recognised.',
      example: '<ValueType>measured</ValueType>',
      useInstead: '<ValueType>Measured</ValueType>',
    },
  },
  check(stage: SchemaStageOf<'value-refused'>, context: RuleContext<'element'>) {
    const { problem, value } = stage;
    if (problem.kind !== 'enumeration') return;
    // No attribute of the Modus schemas has a list of values (modus-schema.test.ts checks it).
    if (stage.where === 'attribute')
      throw new Error(`attribute ${stage.name} of <${stage.element}> has a list of values`);
    const allowed = problem.allowed.map((v) => `"${v}"`).join(', ');
    const guess = problem.allowed.find((v) => v.toLowerCase() === value.trim().toLowerCase());
    context.report({
      messageId: 'element',
      data: { element: stage.element, name: stage.name, value: shown(value), allowed },
      location: stage.location,
      hint: guess !== undefined ? `Write "${guess}" (case and spaces count).` : `Use one of ${allowed}.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlValueOutOfRange = defineRule({
  meta: {
    code: 'MOD012',
    name: 'xml-value-out-of-range',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      element: '<{element}> value "{value}" {detail}',
      attribute: 'Attribute {name} of <{element}>: "{value}" {detail}',
    },
    docs: {
      what: 'Reports a value of the right type outside its schema bounds: a negative result Value, a DepthID of 0, an empty Element or ValueUnit, a CASRN longer than 50 characters.',
      why: 'The bounds carry meaning (a concentration cannot be negative; ids start at 1); values outside them are data errors.',
      example: '<Value>-1.5</Value>',
      useInstead: '<Value>1.5</Value>',
    },
  },
  check(stage: SchemaStageOf<'value-refused'>, context: RuleContext<'element' | 'attribute'>) {
    const { problem } = stage;
    if (problem.kind !== 'range') return;
    context.report({
      messageId: stage.where,
      data: { element: stage.element, name: stage.name, value: shown(stage.value), detail: problem.detail },
      location: stage.location,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlTextNotAllowed = defineRule({
  meta: {
    code: 'MOD013',
    name: 'xml-text-not-allowed',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      elementOnly: '<{element}> holds elements only; the text "{text}" is not allowed in it',
      empty: '<{element}> must be empty, but it has text',
    },
    docs: {
      what: 'Reports text directly inside an element that may only hold other elements (or nothing at all).',
      why: 'Such text is not part of any value and is silently lost; it is usually a value written at the wrong level or a broken tag.',
      example: '<SampleMetaData>12<SampleNumber>12</SampleNumber></SampleMetaData>',
      useInstead: '<SampleMetaData><SampleNumber>12</SampleNumber></SampleMetaData>',
    },
  },
  check(stage: SchemaStageOf<'text-not-allowed'>, context: RuleContext<'elementOnly' | 'empty'>) {
    if (stage.content === 'element-only') {
      context.report({
        messageId: 'elementOnly',
        data: { element: stage.element, text: shown(stage.text.trim()) },
        location: stage.location,
        hint: 'Remove the text, or put the value in the element it belongs to.',
      });
      return;
    }
    context.report({
      messageId: 'empty',
      data: { element: stage.element },
      location: stage.location,
      hint: `Write <${stage.element} …/> with nothing (not even spaces) inside.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlKeyDuplicate = defineRule({
  meta: {
    code: 'MOD014',
    name: 'xml-key-duplicate',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      duplicate: '{what} "{value}" is used twice in <{parent}> (first on line {line})',
    },
    docs: {
      what: 'Reports values the schema requires to be unique within their parent: DepthRef DepthID, TestPackageRef TestPackageID, Report ReportID, recommendation RecID and DisplayOrder, nematode ModusTestID and life stage, and similar keys.',
      why: 'References such as Depth@DepthID must point at exactly one definition; a duplicated key makes them ambiguous.',
      example: '<DepthRef DepthID="1">…</DepthRef><DepthRef DepthID="1">…</DepthRef>',
      useInstead: '<DepthRef DepthID="1">…</DepthRef><DepthRef DepthID="2">…</DepthRef>',
    },
  },
  check(stage: SchemaStageOf<'key-repeated'>, context: RuleContext<'duplicate'>) {
    context.report({
      messageId: 'duplicate',
      data: { what: stage.what, value: shown(stage.key), parent: stage.holder, line: stage.firstLine },
      location: stage.location,
      hint: `Give each ${stage.what} in <${stage.holder}> its own value.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xsiAttributeInvalid = defineRule({
  meta: {
    code: 'MOD015',
    name: 'xsi-attribute-invalid',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      notNillable: '<{element}> cannot be nil (xsi:nil)',
      nilledContent: '<{element}> has xsi:nil="true" but is not empty',
      badNil: 'xsi:nil on <{element}> must be true or false, not "{value}"',
      xsiType: 'xsi:type="{value}" cannot be used on <{element}>',
    },
    docs: {
      what: 'Reports misuse of XML Schema instance attributes: xsi:nil on an element that is not nillable (only EventCode, FMISSampleID, SubSampleID and ValueDesc are), a nil element with content, a non-boolean xsi:nil, or an xsi:type that does not fit the element.',
      why: 'xsi:nil is the only way to say "no value" for a required element; used elsewhere it is an error that validators reject.',
      example: '<LabName xsi:nil="true"/>',
      useInstead: '<LabName>A &amp; L Great Lakes Laboratories</LabName>',
    },
  },
  check(
    stage: SchemaStageOf<'xsi-nil' | 'xsi-type' | 'nilled-content'>,
    context: RuleContext<'notNillable' | 'nilledContent' | 'badNil' | 'xsiType'>,
  ) {
    const { element, location } = stage;
    if (stage.stage === 'nilled-content') {
      context.report({
        messageId: 'nilledContent',
        data: { element },
        location,
        hint: `Remove xsi:nil="true", or empty <${element}>.`,
      });
    } else if (stage.stage === 'xsi-type') {
      context.report({
        messageId: 'xsiType',
        data: { element, value: shown(stage.value) },
        location,
        hint: 'Remove xsi:type; Modus elements have fixed types.',
      });
    } else if (!['true', 'false', '1', '0'].includes(stage.value)) {
      context.report({
        messageId: 'badNil',
        data: { element, value: shown(stage.value) },
        location,
        hint: 'Write xsi:nil="true".',
      });
    } else if (!stage.nillable) {
      context.report({
        messageId: 'notNillable',
        data: { element },
        location,
        hint: `Remove xsi:nil and give <${element}> a value.`,
      });
    }
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlElementOutOfOrder = defineRule({
  meta: {
    code: 'MOD016',
    name: 'xml-element-out-of-order',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      order: '<{name}> must come before <{after}> in <{parent}>',
    },
    docs: {
      what: 'Reports an element that is allowed in its parent but out of the order the schema imposes. Modus imposes order only in a few places: ModusResult (Events), Soil (DepthRefs, then RecommendationRefs, then samples), FMISProfile (Grower, Farm, Field, Sub-Field), URL and FileData (FileName first). Elsewhere (xs:all) any order is fine and is not reported.',
      why: 'Validators reject a sequence out of order, and streaming consumers may read DepthRefs only before the samples that use them.',
      example: '<Soil><SoilSample>…</SoilSample><DepthRefs>…</DepthRefs></Soil>',
      useInstead: '<Soil><DepthRefs>…</DepthRefs><SoilSample>…</SoilSample></Soil>',
    },
  },
  check(stage: SchemaStageOf<'element-out-of-order'>, context: RuleContext<'order'>) {
    const { name, after } = stage;
    context.report({
      messageId: 'order',
      data: { name, after, parent: stage.parent },
      location: stage.location,
      hint: `Move <${name}> before the first <${after}>.`,
    });
  },
});

/** Decided here, from the schema pass's stage results (schema-stages.ts). */
export const xmlElementRepeated = defineRule({
  meta: {
    code: 'MOD017',
    name: 'xml-element-repeated',
    group: 'modus-schema',
    decidedIn: 'core/modus/schema-rules.ts',
    severity: 'error',
    messages: {
      twice: '<{name}> appears more than once in <{parent}>',
      tooMany: '<{parent}> may hold at most {max} <{name}>',
    },
    docs: {
      what: 'Reports an element that occurs more often than the schema allows, such as a second SampleNumber in SampleMetaData or a second Depth in a nematode sample.',
      why: 'Consumers read one value; which of two they pick is undefined, so data is silently lost.',
      example:
        '<SampleMetaData><SampleNumber>1</SampleNumber><SampleNumber>2</SampleNumber></SampleMetaData>',
      useInstead: '<SampleMetaData><SampleNumber>1</SampleNumber></SampleMetaData>',
    },
  },
  check(stage: SchemaStageOf<'element-repeated'>, context: RuleContext<'twice' | 'tooMany'>) {
    const { name, parent } = stage;
    if (stage.content === 'all') {
      context.report({
        messageId: 'twice',
        data: { name, parent },
        location: stage.location,
        hint: `Keep one <${name}> in <${parent}>.`,
      });
      return;
    }
    context.report({
      messageId: 'tooMany',
      data: { name, parent, max: stage.max },
      location: stage.location,
    });
  },
});

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

/**
 * The rules that read each stage of the schema pass, in the order their diagnostics come in: a rule's check
 * is typed by the stage it reads, so a rule listed under another stage does not compile.
 */
export const schemaRulesByStage: RulesByStage<SchemaStage> = {
  'decode-problem': [xmlEncoding],
  'xml-error': [xmlDoctype, xmlLimitExceeded, xmlMalformed],
  'root-refused': [modusRootElement],
  'element-not-allowed': [xmlElementNotAllowed],
  'elements-missing': [xmlElementMissing],
  'element-repeated': [xmlElementRepeated],
  'element-out-of-order': [xmlElementOutOfOrder],
  doctype: [xmlDoctype],
  'xsi-nil': [xsiAttributeInvalid],
  'xsi-type': [xsiAttributeInvalid],
  'nilled-content': [xsiAttributeInvalid],
  'value-refused': [xmlValueTypeInvalid, xmlValueNotInList, xmlValueOutOfRange],
  'attribute-not-allowed': [xmlAttributeNotAllowed],
  'attribute-missing': [xmlAttributeMissing],
  'text-not-allowed': [xmlTextNotAllowed],
  'key-repeated': [xmlKeyDuplicate],
};
