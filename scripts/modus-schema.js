#!/usr/bin/env node
// `npm run generate:modus` (node scripts/modus-schema.js) writes core/modus/modus-schema-data.ts, the Modus v1
// schemas as plain data, from the published XSDs kept in core/modus/xsd/ (modus_global.xsd, modus_result.xsd,
// modus_submit.xsd; Unlicense, see NOTICE). core/modus/modus-schema.ts builds the validator's declarations
// from that data and adds our own annotations (the roles other checks listen to), so the structure has one
// source: the XSD text. `--check` regenerates in memory and fails when the committed module differs
// (core/modus/modus-schema.test.ts runs the same comparison).
//
// Only the XSD features the three files use are read; anything else stops the generator, so a changed XSD
// cannot be half understood. Where libxml2 (the reference validator) departs from the XSD text we follow
// libxml2, so that `--select modus-schema` agrees with `xmllint --schema`: an element declared with
// maxOccurs="0" (the Water and Residue branches of two choices) is accepted once, as an optional element.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';

const root = fileURLToPath(new URL('..', import.meta.url));
const XS = 'http://www.w3.org/2001/XMLSchema';
export const xsdDirectory = `${root}core/modus/xsd/`;
export const outputPath = `${root}core/modus/modus-schema-data.ts`;

/** The schema documents, each with the documents it includes (in the order xs:include names them). */
const DOCUMENTS = [
  { file: 'modus_global.xsd', root: undefined },
  { file: 'modus_submit.xsd', root: 'ModusSubmit' },
  { file: 'modus_result.xsd', root: 'ModusResult' },
];

/** The built-in types of xs: the validator knows (core/modus/xsd-values.ts Builtin). */
const BUILTINS = new Set([
  'string',
  'anySimpleType',
  'date',
  'dateTime',
  'float',
  'int',
  'positiveInteger',
  'nonNegativeInteger',
  'boolean',
  'base64Binary',
]);

/** One XSD element of the file (annotations dropped): local name, attributes and child elements. */
function parseXsd(text, file) {
  const parser = new SaxesParser({ xmlns: true });
  const stack = [];
  let top;
  parser.on('opentag', (tag) => {
    if (tag.uri !== XS) throw new Error(`${file}: element ${tag.name} outside the XML Schema namespace`);
    const attrs = {};
    for (const [name, a] of Object.entries(tag.attributes)) if (a.uri === '') attrs[name] = a.value;
    const node = { name: tag.local, attrs, children: [] };
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else top = node;
    stack.push(node);
  });
  parser.on('closetag', () => stack.pop());
  parser.on('error', (e) => {
    throw new Error(`${file}: ${e.message}`);
  });
  parser.write(text).close();
  const strip = (node) => ({
    ...node,
    children: node.children.filter((c) => c.name !== 'annotation').map(strip),
  });
  return strip(top);
}

function fail(node, why) {
  throw new Error(`unsupported XSD construct <xs:${node.name} ${JSON.stringify(node.attrs)}>: ${why}`);
}

function builtinOf(qname, node) {
  if (qname === undefined) return 'anySimpleType';
  const local = qname.replace(/^xs:/, '');
  if (!qname.startsWith('xs:') || !BUILTINS.has(local)) fail(node, `type ${qname} is not a known built-in`);
  return local;
}

/** A simple type as {base, facets}: built-in by name, or an anonymous xs:simpleType restriction. */
function simpleOf(node) {
  if (node.name !== 'simpleType') fail(node, 'expected xs:simpleType');
  const restriction = node.children[0];
  if (node.children.length !== 1 || restriction.name !== 'restriction') fail(node, 'only xs:restriction');
  const type = { base: builtinOf(restriction.attrs.base, restriction) };
  for (const facet of restriction.children) {
    const value = facet.attrs.value;
    switch (facet.name) {
      case 'minLength':
      case 'maxLength':
      case 'length':
      case 'minInclusive':
        type[facet.name] = Number(value);
        break;
      case 'enumeration':
        (type.enumeration ??= []).push(value);
        break;
      default:
        fail(facet, 'facet not supported');
    }
  }
  return type;
}

/** minOccurs and maxOccurs where they are not 1 (the default, left out of the data). */
function occurs(node) {
  const bounds = {};
  if (node.attrs.minOccurs !== undefined && node.attrs.minOccurs !== '1')
    bounds.min = Number(node.attrs.minOccurs);
  const maxText = node.attrs.maxOccurs ?? '1';
  // libxml2 accepts an element declared maxOccurs="0" once (see the head of this file).
  if (maxText === 'unbounded') bounds.max = 'unbounded';
  else if (Number(maxText) > 1) bounds.max = Number(maxText);
  return bounds;
}

function attributeOf(node) {
  if (node.name !== 'attribute') fail(node, 'expected xs:attribute');
  const simple = node.children.find((c) => c.name === 'simpleType');
  return {
    name: node.attrs.name,
    type: simple ? simpleOf(simple) : { base: builtinOf(node.attrs.type, node) },
    required: node.attrs.use === 'required',
  };
}

/** The type of an element declaration: named built-in, anonymous simple or complex type, or xs:anyType. */
function typeOf(node) {
  const complex = node.children.find((c) => c.name === 'complexType');
  const simple = node.children.find((c) => c.name === 'simpleType');
  if (node.attrs.type !== undefined)
    return { kind: 'simple', simple: { base: builtinOf(node.attrs.type, node) } };
  if (simple) return { kind: 'simple', simple: simpleOf(simple) };
  if (!complex) return { kind: 'any' };
  if (complex.attrs.mixed !== undefined) fail(complex, 'mixed content not supported');
  const attributes = complex.children.filter((c) => c.name === 'attribute').map(attributeOf);
  const content = complex.children.filter((c) => c.name !== 'attribute');
  if (content.length === 0) return { kind: 'empty', attributes };
  if (content.length > 1) fail(complex, 'one content model expected');
  const model = content[0];
  if (model.name === 'simpleContent') {
    const extension = model.children[0];
    if (model.children.length !== 1 || extension.name !== 'extension') fail(model, 'only xs:extension');
    return {
      kind: 'simple',
      simple: { base: builtinOf(extension.attrs.base, extension) },
      attributes: extension.children.map(attributeOf),
    };
  }
  if (model.name !== 'sequence' && model.name !== 'all' && model.name !== 'choice')
    fail(model, 'content model');
  if (model.attrs.minOccurs !== undefined || model.attrs.maxOccurs !== undefined)
    fail(model, 'group occurrence');
  return { kind: model.name, particles: model.children.map(particleOf), attributes };
}

/** An identity constraint: one child element (selector) and one of its attributes or child elements. */
function uniqueOf(node) {
  if (node.name !== 'unique') fail(node, 'only xs:unique');
  const selector = node.children.find((c) => c.name === 'selector')?.attrs.xpath;
  const fields = node.children.filter((c) => c.name === 'field');
  if (!selector || !/^[\w-]+$/.test(selector) || fields.length !== 1) fail(node, 'one child and one field');
  const xpath = fields[0].attrs.xpath;
  if (!/^@?[\w-]+$/.test(xpath)) fail(node, 'field: an attribute or a child element');
  const field = xpath.startsWith('@') ? { attribute: xpath.slice(1) } : { element: xpath };
  return { name: node.attrs.name, selector, field };
}

function particleOf(node) {
  if (node.name !== 'element') fail(node, 'only element particles');
  if (node.attrs.ref !== undefined) return { ref: node.attrs.ref, ...occurs(node) };
  return elementOf(node);
}

function elementOf(node) {
  const decl = { name: node.attrs.name, ...occurs(node) };
  if (node.attrs.nillable === 'true') decl.nillable = true;
  if (node.attrs.default !== undefined) decl.default = node.attrs.default;
  decl.type = typeOf(node);
  const uniques = node.children.filter((c) => c.name === 'unique').map(uniqueOf);
  if (uniques.length > 0) decl.uniques = uniques;
  for (const c of node.children) {
    if (!['complexType', 'simpleType', 'unique'].includes(c.name)) fail(c, 'inside an element declaration');
  }
  return decl;
}

/** Every schema document as {file, includes, elements}: its global element declarations, in order. */
function readModusXsd(directory = xsdDirectory) {
  return DOCUMENTS.map(({ file, root: rootName }) => {
    const schema = parseXsd(readFileSync(`${directory}${file}`, 'utf8'), file);
    const includes = [];
    const elements = [];
    for (const child of schema.children) {
      if (child.name === 'include') includes.push(child.attrs.schemaLocation);
      else if (child.name === 'element') elements.push(elementOf(child));
      else if (child.name === 'simpleType' && child.attrs.name === 'uuid') {
        // Declared in modus_global.xsd and used nowhere.
      } else fail(child, 'top-level');
    }
    return rootName === undefined
      ? { file, includes, elements }
      : { file, root: rootName, includes, elements };
  });
}

/** The shapes the generated file declares (written into it verbatim, so it stands alone). */
const TYPES = `import type { Builtin } from './xsd-values.ts';

/** A simple type: a built-in with the facets of an xs:restriction. */
export interface XsdSimple {
  readonly base: Builtin;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly length?: number;
  readonly enumeration?: readonly string[];
  readonly minInclusive?: number;
}

interface XsdAttribute {
  readonly name: string;
  readonly type: XsdSimple;
  readonly required: boolean;
}

/** xs:unique over one child element (selector): one of its attributes or child elements must not repeat. */
interface XsdUnique {
  readonly name: string;
  readonly selector: string;
  readonly field: { readonly attribute: string } | { readonly element: string };
}

export type XsdType =
  | {
      readonly kind: 'sequence' | 'all' | 'choice';
      readonly particles: readonly XsdParticle[];
      readonly attributes: readonly XsdAttribute[];
    }
  | { readonly kind: 'simple'; readonly simple: XsdSimple; readonly attributes?: readonly XsdAttribute[] }
  | { readonly kind: 'empty'; readonly attributes: readonly XsdAttribute[] }
  | { readonly kind: 'any' };

export interface XsdElement {
  readonly name: string;
  /** minOccurs; 1 when absent. */
  readonly min?: number;
  /** maxOccurs; 1 when absent. */
  readonly max?: number | 'unbounded';
  readonly nillable?: boolean;
  readonly default?: string;
  readonly type: XsdType;
  readonly uniques?: readonly XsdUnique[];
}

/** A reference to a global element, with its own occurrence bounds. */
interface XsdRef {
  readonly ref: string;
  readonly min?: number;
  readonly max?: number | 'unbounded';
}

export type XsdParticle = XsdElement | XsdRef;

/** One schema document: the documents it includes and its global element declarations, in order. */
export interface XsdDocument {
  readonly file: string;
  /** The document's root element, for the documents a Modus file is validated against. */
  readonly root?: string;
  readonly includes: readonly string[];
  readonly elements: readonly XsdElement[];
}
`;

/** Data as a TypeScript literal: a value on one line when it fits in 110 characters, else one item a line. */
function literal(value, indent) {
  const flat = JSON.stringify(value);
  if (typeof value !== 'object' || value === null || indent.length + flat.length <= 110) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return `[\n${value.map((v) => inner + literal(v, inner)).join(',\n')},\n${indent}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${literal(v, inner)}`);
  return `{\n${entries.join(',\n')},\n${indent}}`;
}

/** The generated module's text, made from the XSDs in core/modus/xsd/. */
export function modusSchemaModule(directory = xsdDirectory) {
  const documents = readModusXsd(directory);
  return (
    '// Generated by scripts/modus-schema.js (npm run generate:modus) from core/modus/xsd/*.xsd; do not edit.\n' +
    '// core/modus/modus-schema.test.ts fails when this file is not what the generator makes of the XSDs now.\n' +
    TYPES +
    '\n/** modus_global.xsd, modus_submit.xsd and modus_result.xsd, element by element. */\n' +
    `export const MODUS_XSD: readonly XsdDocument[] = ${literal(documents, '')};\n`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = modusSchemaModule();
  if (process.argv.includes('--check')) {
    const current = (() => {
      try {
        return readFileSync(outputPath, 'utf8');
      } catch {
        return '';
      }
    })();
    if (current !== text) {
      process.stderr.write(`${outputPath} is out of date; run npm run generate:modus\n`);
      process.exit(1);
    }
  } else {
    writeFileSync(outputPath, text);
    process.stdout.write(`wrote ${outputPath}\n`);
  }
}
