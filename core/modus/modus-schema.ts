/**
 * The structure of Modus v1 (ModusResult and ModusSubmit) as the validator reads it: which elements and
 * attributes exist where, how often, in which order, and with which value types. It is built from
 * modus-schema-data.ts, which scripts/modus-schema.js generates from the published XSDs in core/modus/xsd/
 * (`npm run generate:modus`); this file adds only our own annotations, the roles other checks listen to.
 * test/modus/xsd-differential.test.ts compares the validator's verdicts with xmllint run on the same XSDs.
 *
 * Where libxml2 (the reference validator) departs from the XSD text we follow libxml2, so that
 * `--select modus-schema` agrees with `xmllint --schema`: a choice branch declared with maxOccurs="0"
 * (Water, Residue) is accepted as an optional branch (the generator reads it so), which also makes
 * EventSamples and EventType emptiable.
 */
import {
  MODUS_XSD,
  type XsdElement,
  type XsdParticle,
  type XsdSimple,
  type XsdType,
} from './modus-schema-data.ts';
import { simpleType, type SimpleType } from './xsd-values.ts';

/** Elements other checks (semantics, service limits, summary) listen to. */
export const MODUS_ROLES = [
  'root',
  'event',
  'event-code',
  'event-date',
  'event-type-kind',
  'event-samples-kind',
  'lab-name',
  'lab-id',
  'lab-event-id',
  'depth-refs',
  'depth-ref',
  'depth-ref-name',
  'starting-depth',
  'ending-depth',
  'column-depth',
  'depth-unit',
  'sample',
  'sample-number',
  'fmis-sample-id',
  'overwrite-result',
  'geometry',
  'depth',
  'results',
  'nutrient-result',
  'result-element',
  'result-value',
  'result-unit',
  'result-test-id',
] as const;

export type ModusRole = (typeof MODUS_ROLES)[number];

type ContentKind = 'sequence' | 'all' | 'choice' | 'simple' | 'empty' | 'any';

interface AttributeDecl {
  name: string;
  type: SimpleType;
  required: boolean;
}

interface UniqueDecl {
  /** The constraint's name in the XSD, for messages. */
  name: string;
  /** Child element the constraint selects. */
  selector: string;
  /** The selected element's attribute or child element that must be unique. */
  field: { attribute: string; type: SimpleType } | { element: string; type: SimpleType };
}

export interface TypeDecl {
  /** Index of element-only types (sequence, all, choice) in declaration order; -1 for the others. */
  id: number;
  kind: ContentKind;
  particles: readonly ElementDecl[];
  /** particle index by element name. */
  childIndex: ReadonlyMap<string, number>;
  attributes: readonly AttributeDecl[];
  simple?: SimpleType;
  uniques?: readonly UniqueDecl[];
}

export interface ElementDecl {
  name: string;
  type: TypeDecl;
  min: number;
  /** Infinity for unbounded. */
  max: number;
  nillable: boolean;
  /** Value used when the element is empty. */
  default?: string;
  role?: ModusRole;
  /** Index of the role in MODUS_ROLES, -1 without a role (for fast dispatch). */
  roleId: number;
}

export interface ModusSchema {
  root: ElementDecl;
  /** Global element declarations, used for lax validation inside elements of type xs:anyType. */
  globals: ReadonlyMap<string, ElementDecl>;
}

// ---- building the declarations from the generated data ----

let groupCount = 0;

function element(
  name: string,
  type: TypeDecl,
  min: number,
  max: number,
  nillable: boolean,
  defaultValue: string | undefined,
  role: ModusRole | undefined,
): ElementDecl {
  // Every declaration gets the same properties, so code reading them stays monomorphic.
  return {
    name,
    type,
    min,
    max,
    nillable,
    default: defaultValue,
    role,
    roleId: role !== undefined ? MODUS_ROLES.indexOf(role) : -1,
  };
}

/**
 * The roles, by where the element is declared: the names from its global declaration down to it, matched at
 * the end ("*" stands for any one name). A reference to a global element takes the global's role.
 */
const ROLES: readonly (readonly [string, ModusRole])[] = [
  ['ModusResult', 'root'],
  ['ModusSubmit', 'root'],
  ['ModusResult/Event', 'event'],
  ['ModusSubmit/Event', 'event'],
  ['EventMetaData/EventCode', 'event-code'],
  ['EventMetaData/EventDate', 'event-date'],
  ['EventType/*', 'event-type-kind'],
  ['EventSamples/*', 'event-samples-kind'],
  ['LabMetaData/LabName', 'lab-name'],
  ['LabMetaData/LabID', 'lab-id'],
  ['LabMetaData/LabEventID', 'lab-event-id'],
  ['DepthRefs', 'depth-refs'],
  ['DepthRefs/DepthRef', 'depth-ref'],
  ['DepthRef/Name', 'depth-ref-name'],
  ['DepthRef/StartingDepth', 'starting-depth'],
  ['DepthRef/EndingDepth', 'ending-depth'],
  ['DepthRef/ColumnDepth', 'column-depth'],
  ['DepthRef/DepthUnit', 'depth-unit'],
  ['Soil/SoilSample', 'sample'],
  ['Plant/PlantSample', 'sample'],
  ['Nematode/NematodeSample', 'sample'],
  ['Water/WaterSample', 'sample'],
  ['Residue/ResidueSample', 'sample'],
  ['SampleMetaData/SampleNumber', 'sample-number'],
  ['SampleMetaData/FMISSampleID', 'fmis-sample-id'],
  ['SampleMetaData/OverwriteResult', 'overwrite-result'],
  ['Geometry', 'geometry'],
  ['Depths/Depth', 'depth'],
  ['NutrientResults', 'results'],
  ['NematodeResults', 'results'],
  ['ResidueResults', 'results'],
  ['TextureResults', 'results'],
  ['NutrientResults/NutrientResult', 'nutrient-result'],
  ['NutrientResult/Element', 'result-element'],
  ['NutrientResult/Value', 'result-value'],
  ['NutrientResult/ValueUnit', 'result-unit'],
  ['NutrientResult/ModusTestID', 'result-test-id'],
];

/** The role patterns by their last name ("*" for those ending in any name), each with its place in ROLES. */
const rolesByLastName = new Map<string, { names: readonly string[]; role: ModusRole; order: number }[]>();
ROLES.forEach(([pattern, role], order) => {
  const names = pattern.split('/');
  const last = names[names.length - 1] ?? '';
  const list = rolesByLastName.get(last) ?? [];
  list.push({ names, role, order });
  rolesByLastName.set(last, list);
});

/** The role of the element declared at `path`: the first pattern of ROLES that matches its end. */
function roleAt(path: readonly string[]): ModusRole | undefined {
  const candidates = [
    ...(rolesByLastName.get(path[path.length - 1] ?? '') ?? []),
    ...(rolesByLastName.get('*') ?? []),
  ];
  let found: { role: ModusRole; order: number } | undefined;
  for (const c of candidates) {
    if (c.names.length > path.length || (found && found.order < c.order)) continue;
    const offset = path.length - c.names.length;
    if (c.names.every((n, i) => n === '*' || n === path[offset + i])) found = c;
  }
  return found?.role;
}

const simpleOf = (s: XsdSimple): SimpleType => simpleType(s.base, s);
const maxOf = (max: number | 'unbounded' | undefined): number =>
  max === 'unbounded' ? Infinity : (max ?? 1);

/** Every global element of the three documents, built once and shared by both schemas. */
const globalData = new Map<string, XsdElement>(MODUS_XSD.flatMap((d) => d.elements.map((e) => [e.name, e])));
const builtGlobals = new Map<string, ElementDecl>();

function globalElement(name: string): ElementDecl {
  const built = builtGlobals.get(name);
  if (built) return built;
  const data = globalData.get(name);
  if (!data) throw new Error(`modus-schema-data.ts: no global element ${name}`);
  const decl = declaration(data, [name]);
  builtGlobals.set(name, decl);
  return decl;
}

function particle(p: XsdParticle, path: readonly string[]): ElementDecl {
  if ('ref' in p) {
    const global = globalElement(p.ref);
    return element(
      global.name,
      global.type,
      p.min ?? 1,
      maxOf(p.max),
      global.nillable,
      global.default,
      global.role,
    );
  }
  return declaration(p, [...path, p.name]);
}

function declaration(data: XsdElement, path: readonly string[]): ElementDecl {
  const type = typeDecl(data.type, data, path);
  return element(
    data.name,
    type,
    data.min ?? 1,
    maxOf(data.max),
    data.nillable ?? false,
    data.default,
    roleAt(path),
  );
}

function typeDecl(t: XsdType, owner: XsdElement, path: readonly string[]): TypeDecl {
  if (t.kind === 'any') {
    return {
      id: -1,
      kind: 'any',
      particles: [],
      childIndex: new Map(),
      attributes: [],
      simple: undefined,
      uniques: undefined,
    };
  }
  const attributes = (t.attributes ?? []).map((a) => ({
    name: a.name,
    type: simpleOf(a.type),
    required: a.required,
  }));
  if (t.kind === 'simple' || t.kind === 'empty') {
    return {
      id: -1,
      kind: t.kind,
      particles: [],
      childIndex: new Map(),
      attributes,
      simple: t.kind === 'simple' ? simpleOf(t.simple) : undefined,
      uniques: undefined,
    };
  }
  const particles = t.particles.map((p) => particle(p, path));
  const childIndex = new Map<string, number>();
  particles.forEach((p, i) => childIndex.set(p.name, i));
  const uniques = owner.uniques?.map((u): UniqueDecl => {
    const selected = particles.find((p) => p.name === u.selector);
    const field = u.field;
    const type =
      'attribute' in field
        ? selected?.type.attributes.find((a) => a.name === field.attribute)?.type
        : selected?.type.particles.find((p) => p.name === field.element)?.type.simple;
    if (!type) throw new Error(`modus-schema-data.ts: ${u.name} selects no simple value`);
    return {
      name: u.name,
      selector: u.selector,
      field: 'attribute' in field ? { attribute: field.attribute, type } : { element: field.element, type },
    };
  });
  return { id: groupCount++, kind: t.kind, particles, childIndex, attributes, simple: undefined, uniques };
}

/** The schema of a document's root: its declaration and the global elements of the document and its includes. */
function schemaOf(root: string): ModusSchema {
  const byFile = new Map(MODUS_XSD.map((d) => [d.file, d]));
  const files: string[] = [];
  const add = (file: string): void => {
    const doc = byFile.get(file);
    if (!doc || files.includes(file)) return;
    for (const inc of doc.includes) add(inc);
    files.push(file);
  };
  const doc = MODUS_XSD.find((d) => d.root === root);
  if (!doc) throw new Error(`modus-schema-data.ts: no document with root ${root}`);
  add(doc.file);
  const names = files.flatMap((f) => byFile.get(f)?.elements.map((e) => e.name) ?? []);
  return { root: globalElement(root), globals: new Map(names.map((n) => [n, globalElement(n)])) };
}

/** ModusResult, as modus_result.xsd declares it (the result schema includes the submit schema). */
export const modusResultSchema: ModusSchema = schemaOf('ModusResult');

/** ModusSubmit, as modus_submit.xsd declares it. */
export const modusSubmitSchema: ModusSchema = schemaOf('ModusSubmit');

export function schemaForRoot(name: string): ModusSchema | undefined {
  if (name === 'ModusResult') return modusResultSchema;
  if (name === 'ModusSubmit') return modusSubmitSchema;
  return undefined;
}
