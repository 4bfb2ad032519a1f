/**
 * The stage results of the Modus schema pass (schema-validator.ts, and validate-modus.ts's decoding) that
 * its visitor rules (schema-rules.ts) read: facts found only where the document breaks the schema or XML (a scanner error, a DOCTYPE, a root
 * that is not Modus, a child not allowed, missing, repeated or out of order, an xsi attribute, a value its type refuses, text where none is allowed, an attribute not allowed or missing, a
 * key seen before), so a valid document hands on none. Values are as written: a rule shortens
 * them for its message. A stage object may be reused: a rule keeps nothing of it.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { DecodeProblem } from './xml-decoding.ts';
import type { DoctypeInfo, XmlError } from './xml-scanner.ts';
import type { ValueProblem } from './xsd-values.ts';

export type SchemaStage =
  /** Where decoding stopped (validate-modus.ts): bytes not valid in `encoding`, or an encoding it cannot read. */
  | { stage: 'decode-problem'; problem: DecodeProblem; encoding: string; location: Location }
  /** Where the scanner stopped: not well-formed, a DOCTYPE declaring entities, or past a safety limit. */
  | { stage: 'xml-error'; error: XmlError; location: Location }
  /** A DOCTYPE (one that declares no entities: those stop the scanner). */
  | { stage: 'doctype'; info: DoctypeInfo; location: Location }
  /** A root element that is no Modus v1 root; `modusName` when its local name is one (in a namespace). */
  | { stage: 'root-refused'; name: string; ns: string; modusName: boolean; location: Location }
  /** A child element its parent does not take, and why (`refusal`). */
  | { stage: 'element-not-allowed'; name: string; parent: string; refusal: ChildRefusal; location: Location }
  /** Required children an element lacks: before the child `before`, or at its end (`before` undefined). */
  | {
      stage: 'elements-missing';
      parent: string;
      missing: readonly string[];
      before: string | undefined;
      location: Location;
    }
  /** A child allowed in its parent seen once more than its parent's content allows (`max`; 1 in an xs:all). */
  | {
      stage: 'element-repeated';
      name: string;
      parent: string;
      content: 'all' | 'choice' | 'sequence';
      max: number;
      location: Location;
    }
  /** A child of an xs:sequence after a later sibling (`after`). */
  | { stage: 'element-out-of-order'; name: string; after: string; parent: string; location: Location }
  /** An xsi:nil, as written (trimmed), on an element that is not simply nil by it (xsi:nil="true" on a nillable one). */
  | { stage: 'xsi-nil'; element: string; value: string; nillable: boolean; location: Location }
  /** An xsi:type on an element whose type it does not name. */
  | { stage: 'xsi-type'; element: string; value: string; location: Location }
  /** An element with xsi:nil="true" that has content. */
  | { stage: 'nilled-content'; element: string; location: Location }
  /** An element's text or an attribute's value that its XSD type refuses, and how. */
  | {
      stage: 'value-refused';
      problem: ValueProblem;
      where: 'element' | 'attribute';
      /** The element's name, and the attribute's ('' for the element's own text). */
      element: string;
      name: string;
      value: string;
      location: Location;
    }
  /** The first non-blank text in an element of element-only content, or any text in an empty element. */
  | {
      stage: 'text-not-allowed';
      content: 'element-only' | 'empty';
      element: string;
      text: string;
      location: Location;
    }
  /** An attribute the element's declaration does not define; `guess` is a declared name it may mean. */
  | {
      stage: 'attribute-not-allowed';
      name: string;
      element: string;
      declared: readonly string[];
      guess: string | undefined;
      location: Location;
    }
  /** A required attribute the element lacks. */
  | { stage: 'attribute-missing'; name: string; element: string; location: Location }
  /** A value of a unique key (an xs:unique) that its holder had before, on `firstLine`. */
  | {
      stage: 'key-repeated';
      /** The key's field, as element@attribute or element. */
      what: string;
      key: string;
      holder: string;
      firstLine: number;
      location: Location;
    };

export type SchemaStageOf<Name extends SchemaStage['stage']> = Extract<SchemaStage, { stage: Name }>;

/** Why a parent does not take a child element. */
export type ChildRefusal =
  /** The parent holds a value (simple content). */
  | { kind: 'in-simple' }
  /** The parent must be empty. */
  | { kind: 'in-empty' }
  /** The child is in a namespace. */
  | { kind: 'namespaced'; ns: string }
  /** No child of that name: `expected` could still come, `names` are all the parent's children, `guess` the one it may mean. */
  | { kind: 'unknown'; expected: readonly string[]; names: readonly string[]; guess: string | undefined }
  /** The parent is a choice and holds `chosen` already. */
  | { kind: 'choice'; options: readonly string[]; chosen: string };
