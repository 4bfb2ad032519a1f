/**
 * The schema state machine: consumes scanner events, keeps one frame per open element (reused, so a
 * 20,000-sample file costs no more memory than a 20-sample one) and checks each element against its
 * declaration in modus-schema.ts as it streams past. Other checks (semantics, service limits, summary)
 * listen through ModusObserver, called for the elements that have a role.
 */
import type { Location, PathSegment, TextRange } from '../diagnostics/diagnostic.ts';
import { schemaRulesByStage } from './schema-rules.ts';
import type { DiagnosticCollector } from '../rules/reporter.ts';
import type { Rule } from '../rules/rule.ts';
import { stageRules, type ModusRuleContext, type StageRules } from './modus-rule-context.ts';
import type { ChildRefusal, SchemaStage } from './schema-stages.ts';
import {
  MODUS_ROLES,
  modusResultSchema,
  modusSubmitSchema,
  schemaForRoot,
  type ElementDecl,
  type ModusRole,
  type ModusSchema,
  type TypeDecl,
} from './modus-schema.ts';
import {
  XSI_NS,
  type DoctypeInfo,
  type StartTag,
  type XmlError,
  type ScannedText,
  type XmlHandler,
  type XmlPositions,
} from './xml-scanner.ts';
import {
  builtinDescription,
  checkSimpleValue,
  keyValue,
  normaliseValue,
  parseXsdNumber,
  type SimpleType,
  type ValueProblem,
  XSD_NON_NEGATIVE_INTEGER,
} from './xsd-values.ts';

/**
 * The value of an element with simple content, as observers see it at the element's end. Observers get
 * one ElementValue object, reused for every element: copy the fields you keep.
 */
export interface ElementValue {
  /** The text (entities resolved), or the schema default when the element is empty. */
  text: string;
  /** Whether the text passed the element's schema type. */
  valid: boolean;
  /** Whether the element had any text at all. */
  present: boolean;
  /** xsi:nil="true". */
  nil: boolean;
  /** For a valid xs:float value: the number as written (double precision). */
  number: number;
}

/** A valid, non-nil xs:nonNegativeInteger value (the Modus depths) as a number. */
export function integerValue(value: ElementValue | undefined): number | undefined {
  if (!value || !value.valid || value.nil) return undefined;
  const key = keyValue(XSD_NON_NEGATIVE_INTEGER, value.text);
  return key === undefined ? undefined : Number(key);
}

export interface AttributeValue {
  value: string;
  start: number;
  end: number;
}

/** What observers may ask about the element being started or ended. */
export interface ModusContext {
  readonly reporter: DiagnosticCollector;
  /** The root element's name (ModusResult or ModusSubmit). */
  readonly rootName: string;
  /** The element's start tag, with its path. */
  elementLocation(): Location;
  /** The element's name as written. */
  name(): string;
  /** The element's path, e.g. ["ModusResult", "Event", 0, "EventSamples", "Soil", "SoilSample", 3]. */
  path(): PathSegment[];
  /** 1-based line of the element's start tag. */
  line(): number;
  /** During `start` only: an attribute of the element (no namespace). */
  attribute(name: string): AttributeValue | undefined;
  attributeLocation(name: string): Location | undefined;
  /** During `end` of an element with simple content: where its text is (between the tags). */
  valueLocation(): Location;
  valueRange(): { start: number; end: number };
  /** During `end`: offset of the end tag, where a missing child can be inserted. */
  endTagStart(): number;
}

export interface ModusObserver {
  /** The roles whose elements this observer wants to see. */
  readonly roles: readonly ModusRole[];
  /**
   * The roles (among `roles`) whose start this observer acts on, when not all of them: the validator then
   * skips calling `start` for the rest (millions of calls that would do nothing in a big file).
   */
  readonly startRoles?: readonly ModusRole[];
  /** Likewise for `end`. */
  readonly endRoles?: readonly ModusRole[];
  start?(role: ModusRole, context: ModusContext): void;
  end?(role: ModusRole, value: ElementValue | undefined, context: ModusContext): void;
  /** The document ended well-formed. */
  finish?(context: ModusContext): void;
}

const enum Mode {
  Skip,
  Any,
  Elements,
  Simple,
  Empty,
}

function modeOf(type: TypeDecl): Mode {
  switch (type.kind) {
    case 'simple':
      return Mode.Simple;
    case 'empty':
      return Mode.Empty;
    case 'any':
      return Mode.Any;
    default:
      return Mode.Elements;
  }
}

class Frame {
  name = '';
  decl: ElementDecl | undefined = undefined;
  type: TypeDecl | undefined = undefined;
  /** Particle index by name id for this element's type. */
  table: Int16Array | undefined = undefined;
  mode = Mode.Skip;
  start = 0;
  tagEnd = 0;
  line = 1;
  column = 1;
  tagEndLine = 1;
  tagEndColumn = 1;
  /** Whether line and column are known (they are found only when asked for, or before the text goes). */
  located = false;
  /** Index among the parent's children of the same declaration, or -1 when the element cannot repeat. */
  index = -1;
  /** Sequence state: current particle and its count; choice state: chosen particle. */
  k = 0;
  count = 0;
  chosen = -1;
  /** Occurrences per particle (the first `used` entries are live). */
  readonly counts: number[] = [];
  used = 0;
  textReported = false;
  childInValue = false;
  text = '';
  hasText = false;
  nil = false;
  /** Declared children that an unexpected element was reported as a likely misspelling of. */
  guessed: string[] | undefined = undefined;
  /** Values seen per unique constraint of this element's type: key → line. */
  keys: Array<Map<string, number>> | undefined = undefined;

  reset(): void {
    this.located = false;
    this.decl = undefined;
    this.type = undefined;
    this.table = undefined;
    this.mode = Mode.Skip;
    this.index = -1;
    this.k = 0;
    this.count = 0;
    this.chosen = -1;
    for (let i = 0; i < this.used; i++) this.counts[i] = 0;
    this.used = 0;
    this.textReported = false;
    this.childInValue = false;
    this.text = '';
    this.hasText = false;
    this.nil = false;
    this.keys = undefined;
    this.guessed = undefined;
  }
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

/** The declared name a misspelt one most likely meant. */
function closestName(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const cl = c.toLowerCase();
    let score: number;
    if (cl === lower) score = 0;
    else if (cl.startsWith(lower) || lower.startsWith(cl)) score = 1;
    else {
      const d = editDistance(lower, cl);
      score = d <= Math.max(1, Math.floor(c.length / 4)) ? 1 + d : Infinity;
    }
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

const STRING_TYPES = new Set(['string', 'normalizedString', 'token']);

export class ModusSchemaValidator implements XmlHandler {
  private schema: ModusSchema | undefined;
  rootName = '';
  private readonly frames: Frame[] = [];
  private depth = 0;
  /** Open elements of type xs:anyType (inside them, roles are not dispatched). */
  private laxDepth = 0;
  private tag: StartTag | undefined;
  private endStart = 0;
  /** Read by the scanner: white-space text matters only in value, empty and unknown elements. */
  wantsBlankText = true;
  private readonly value: ElementValue = { text: '', valid: true, present: false, nil: false, number: NaN };
  private scanner: XmlPositions | undefined;
  private readonly context: ModusContext;
  /** Observers per role id, so each element calls only those that listen to it. */
  private readonly starts: ModusObserver[][] = MODUS_ROLES.map(() => []);
  private readonly ends: ModusObserver[][] = MODUS_ROLES.map(() => []);
  /** Per element-only type: particle index by the scanner's name id (-1 = not a child). */
  private readonly childTables: Array<Int16Array | undefined> = [];
  private readonly rules = stageRules<SchemaStage>(schemaRulesByStage);

  constructor(
    private readonly reporter: DiagnosticCollector,
    private readonly observers: readonly ModusObserver[] = [],
  ) {
    for (const o of observers) {
      for (const role of o.roles) {
        const id = MODUS_ROLES.indexOf(role);
        if (o.start && (o.startRoles === undefined || o.startRoles.includes(role))) this.starts[id]?.push(o);
        if (o.end && (o.endRoles === undefined || o.endRoles.includes(role))) this.ends[id]?.push(o);
      }
    }
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    this.context = {
      reporter,
      get rootName() {
        return self.rootName;
      },
      elementLocation: () => this.elementLocation(this.top()),
      name: () => this.top().name,
      path: () => this.path(),
      line: () => this.located(this.top()).line,
      attribute: (name) => this.attribute(name),
      attributeLocation: (name) => {
        const a = this.attribute(name);
        return a ? { range: this.range(a.start, a.end), path: this.path() } : undefined;
      },
      valueLocation: () => this.valueLocation(this.top()),
      valueRange: () => ({ start: this.top().tagEnd, end: this.endStart }),
      endTagStart: () => this.endStart,
    };
  }

  attach(scanner: ScannedText): void {
    this.scanner = scanner.positions;
    // Name ids for every declared element, and per type a table from name id to particle.
    const types: TypeDecl[] = [];
    const seen = new Set<TypeDecl>();
    const visit = (t: TypeDecl): void => {
      if (seen.has(t)) return;
      seen.add(t);
      types.push(t);
      for (const p of t.particles) visit(p.type);
    };
    for (const schema of [modusResultSchema, modusSubmitSchema]) {
      visit(schema.root.type);
      for (const g of schema.globals.values()) visit(g.type);
    }
    const names = [...new Set(types.flatMap((t) => t.particles.map((p) => p.name)))];
    const ids = scanner.internNames(names);
    const idOf = new Map(names.map((n, i) => [n, ids[i] ?? -1]));
    const size = Math.max(0, ...ids) + 1;
    for (const t of types) {
      if (t.id < 0) continue;
      const table = new Int16Array(size).fill(-1);
      t.particles.forEach((p, i) => {
        const id = idOf.get(p.name) ?? -1;
        if (id >= 0) table[id] = i;
      });
      this.childTables[t.id] = table;
    }
  }

  get observerContext(): ModusContext {
    return this.context;
  }

  // ---- positions and locations ----

  private top(): Frame {
    return this.frames[this.depth - 1] as Frame;
  }

  private range(start: number, end: number): TextRange {
    this.locateFramesBefore(start);
    const scanner = this.scanner as XmlPositions;
    scanner.locate(start);
    const startLine = scanner.lastLine;
    const startColumn = scanner.lastColumn;
    scanner.locate(end);
    return {
      start: { offset: start, line: startLine, column: startColumn },
      end: { offset: end, line: scanner.lastLine, column: scanner.lastColumn },
    };
  }

  private path(upTo = this.depth): PathSegment[] {
    const out: PathSegment[] = [];
    for (let i = 0; i < upTo; i++) {
      const f = this.frames[i] as Frame;
      out.push(f.name);
      if (f.index >= 0) out.push(f.index);
    }
    return out;
  }

  /**
   * Positions are found lazily, but always in document order: before the scanner is asked about an
   * offset, every open element that starts before it learns its own position. Located frames are thus a
   * prefix of the stack, and the scanner's line count only moves forward.
   */
  private locatedDepth = 0;

  private locateFramesBefore(offset: number): void {
    const scanner = this.scanner as XmlPositions;
    while (this.locatedDepth < this.depth) {
      const f = this.frames[this.locatedDepth] as Frame;
      if (f.start > offset) break;
      scanner.locate(f.start);
      f.line = scanner.lastLine;
      f.column = scanner.lastColumn;
      scanner.locate(f.tagEnd);
      f.tagEndLine = scanner.lastLine;
      f.tagEndColumn = scanner.lastColumn;
      f.located = true;
      this.locatedDepth++;
    }
  }

  /** The frame (open, so on the stack) with its line and column filled in. */
  private located(f: Frame): Frame {
    if (!f.located) this.locateFramesBefore(f.start);
    return f;
  }

  /** Called by the scanner before it lets go of text: open elements learn their positions while it is there. */
  beforeDiscard(offset: number): void {
    this.locateFramesBefore(offset);
  }

  private elementLocation(f: Frame, depth = this.frames.indexOf(f) + 1): Location {
    this.located(f);
    return {
      range: {
        start: { offset: f.start, line: f.line, column: f.column },
        end: { offset: f.tagEnd, line: f.tagEndLine, column: f.tagEndColumn },
      },
      path: this.path(depth),
    };
  }

  private valueLocation(f: Frame): Location {
    this.located(f);
    this.locateFramesBefore(this.endStart);
    const scanner = this.scanner as XmlPositions;
    scanner.locate(this.endStart);
    return {
      range: {
        start: { offset: f.tagEnd, line: f.tagEndLine, column: f.tagEndColumn },
        end: { offset: this.endStart, line: scanner.lastLine, column: scanner.lastColumn },
      },
      path: this.path(),
    };
  }

  private attribute(name: string): AttributeValue | undefined {
    const tag = this.tag;
    if (!tag) return undefined;
    for (let k = 0; k < tag.attrCount; k++) {
      if (tag.attrNames[k] === name) {
        return {
          value: tag.attrValues[k] ?? '',
          start: tag.attrValueStart[k] ?? 0,
          end: tag.attrValueEnd[k] ?? 0,
        };
      }
    }
    return undefined;
  }

  // ---- scanner events ----

  error(error: XmlError): void {
    const location: Location = { range: this.range(error.offset, error.end ?? error.offset) };
    if (this.depth > 0) location.path = this.path();
    this.visit(this.rules['xml-error'], { stage: 'xml-error', error, location });
  }

  doctype(info: DoctypeInfo): void {
    this.visit(this.rules.doctype, {
      stage: 'doctype',
      info,
      location: { range: this.range(info.start, info.end) },
    });
  }

  startElement(tag: StartTag): void {
    const parent = this.depth > 0 ? this.frames[this.depth - 1] : undefined;
    let f = this.frames[this.depth];
    if (!f) {
      f = new Frame();
      this.frames[this.depth] = f;
    }
    f.reset();
    this.depth++;
    this.tag = tag;
    f.name = tag.name;
    f.start = tag.start;
    f.tagEnd = tag.end;

    let decl: ElementDecl | undefined;
    if (!parent) {
      decl = this.root(tag);
    } else {
      switch (parent.mode) {
        case Mode.Skip:
          break;
        case Mode.Any:
          if (tag.ns === '') decl = this.schema?.globals.get(tag.local);
          if (!decl) f.mode = Mode.Any;
          break;
        case Mode.Simple:
          if (!parent.childInValue) {
            parent.childInValue = true;
            this.elementNotAllowed(tag, parent, f, { kind: 'in-simple' });
          }
          break;
        case Mode.Empty:
          this.elementNotAllowed(tag, parent, f, { kind: 'in-empty' });
          break;
        case Mode.Elements:
          decl = this.child(parent, f, tag);
          break;
      }
    }
    if (decl) {
      f.decl = decl;
      f.type = decl.type;
      f.table = decl.type.id >= 0 ? this.childTables[decl.type.id] : undefined;
      f.mode = modeOf(decl.type);
      // Most elements have no attributes and declare none: nothing to check.
      if (tag.attrCount > 0 || decl.type.attributes.length > 0) this.checkAttributes(f, decl, tag);
    }
    this.wantsBlankText = f.mode !== Mode.Elements;
    if (parent?.type?.uniques && decl) this.attributeKeys(parent, f, tag);
    if (decl !== undefined && decl.roleId >= 0 && this.laxDepth === 0) {
      const listeners = this.starts[decl.roleId] as ModusObserver[];
      for (let i = 0; i < listeners.length; i++) listeners[i]?.start?.(decl.role as ModusRole, this.context);
    }
    // Inside xs:anyType content (lax), roles are not dispatched; the element itself still is.
    if (f.mode === Mode.Any) this.laxDepth++;
  }

  private root(tag: StartTag): ElementDecl | undefined {
    const f = this.frames[0] as Frame;
    const schema = tag.ns === '' ? schemaForRoot(tag.local) : undefined;
    if (!schema) {
      this.visit(this.rules['root-refused'], {
        stage: 'root-refused',
        name: tag.name,
        ns: tag.ns,
        modusName: schemaForRoot(tag.local) !== undefined,
        location: this.elementLocation(f, 1),
      });
      return undefined;
    }
    this.schema = schema;
    this.rootName = tag.local;
    return schema.root;
  }

  /** Find and admit a child of an element-only parent; undefined when it is not allowed (its subtree is skipped). */
  private child(parent: Frame, f: Frame, tag: StartTag): ElementDecl | undefined {
    const type = parent.type as TypeDecl;
    if (tag.ns !== '') {
      this.elementNotAllowed(tag, parent, f, { kind: 'namespaced', ns: tag.ns });
      return undefined;
    }
    const table = parent.table;
    const id = tag.nameId;
    const j =
      table !== undefined && id >= 0 && id < table.length
        ? (table[id] as number)
        : (type.childIndex.get(tag.local) ?? -1);
    if (j === -1) {
      const names = type.particles.map((p) => p.name);
      const expected = this.expectedNames(parent);
      const guess = closestName(tag.local, names);
      // The misspelt element stands for `guess`: do not report `guess` missing as well.
      if (guess !== undefined) (parent.guessed ??= []).push(guess);
      this.elementNotAllowed(tag, parent, f, { kind: 'unknown', expected, names, guess });
      return undefined;
    }
    const particles = type.particles;
    const p = particles[j] as ElementDecl;
    if (parent.used < particles.length) {
      for (let i = parent.used; i < particles.length; i++) parent.counts[i] = 0;
      parent.used = particles.length;
    }
    const n = (parent.counts[j] ?? 0) + 1;
    parent.counts[j] = n;
    f.index = p.max > 1 ? n - 1 : -1;
    switch (type.kind) {
      case 'all':
        if (n > 1) this.elementRepeated(tag, parent, f, 'all', 1);
        return p;
      case 'choice':
        if (parent.chosen === -1) {
          parent.chosen = j;
          return p;
        }
        if (parent.chosen === j) {
          if (n > p.max) this.elementRepeated(tag, parent, f, 'choice', p.max);
          return p;
        }
        this.elementNotAllowed(tag, parent, f, {
          kind: 'choice',
          options: particles.map((q) => q.name),
          chosen: particles[parent.chosen]?.name ?? '',
        });
        return undefined;
      default: {
        // sequence
        if (j === parent.k) {
          parent.count++;
          if (parent.count > p.max) this.elementRepeated(tag, parent, f, 'sequence', p.max);
          return p;
        }
        if (j > parent.k) {
          const missing: string[] = [];
          const current = particles[parent.k] as ElementDecl;
          if (parent.count < current.min) missing.push(current.name);
          for (let i = parent.k + 1; i < j; i++) {
            const q = particles[i] as ElementDecl;
            if (q.min > 0) missing.push(q.name);
          }
          if (missing.length > 0) {
            this.visit(this.rules['elements-missing'], {
              stage: 'elements-missing',
              parent: parent.name,
              missing,
              before: tag.name,
              location: this.elementLocation(f, this.depth),
            });
          }
          parent.k = j;
          parent.count = 1;
          return p;
        }
        this.visit(this.rules['element-out-of-order'], {
          stage: 'element-out-of-order',
          name: tag.name,
          after: (particles[parent.k] as ElementDecl).name,
          parent: parent.name,
          location: this.elementLocation(f, this.depth),
        });
        return p;
      }
    }
  }

  private elementNotAllowed(tag: StartTag, parent: Frame, f: Frame, refusal: ChildRefusal): void {
    this.visit(this.rules['element-not-allowed'], {
      stage: 'element-not-allowed',
      name: tag.name,
      parent: parent.name,
      refusal,
      location: this.elementLocation(f, this.depth),
    });
  }

  private elementRepeated(
    tag: StartTag,
    parent: Frame,
    f: Frame,
    content: 'all' | 'choice' | 'sequence',
    max: number,
  ): void {
    this.visit(this.rules['element-repeated'], {
      stage: 'element-repeated',
      name: tag.name,
      parent: parent.name,
      content,
      max,
      location: this.elementLocation(f, this.depth),
    });
  }

  /** Names that could still come in an element-only parent, for messages. */
  private expectedNames(parent: Frame): string[] {
    const type = parent.type as TypeDecl;
    const ps = type.particles;
    if (type.kind === 'all') return ps.filter((p, i) => !((parent.counts[i] ?? 0) > 0)).map((p) => p.name);
    if (type.kind === 'choice') return parent.chosen === -1 ? ps.map((p) => p.name) : [];
    const out: string[] = [];
    for (let i = parent.k; i < ps.length; i++) {
      const p = ps[i] as ElementDecl;
      if (i === parent.k && parent.count >= p.max) continue;
      out.push(p.name);
      if (p.min > 0 && !(i === parent.k && parent.count >= p.min)) break;
    }
    return out;
  }

  private checkAttributes(f: Frame, decl: ElementDecl, tag: StartTag): void {
    const type = decl.type;
    const anyAttributes = type.kind === 'any';
    const declared = type.attributes;
    let found = 0;
    let nilIndex = -1;
    for (let k = 0; k < tag.attrCount; k++) {
      const ns = tag.attrNs[k];
      if (ns === 'xmlns') continue;
      const name = tag.attrNames[k] ?? '';
      if (ns === XSI_NS) {
        const local = tag.attrLocals[k];
        if (local === 'nil') nilIndex = k;
        else if (local === 'type') this.checkXsiType(f, decl, tag, k);
        else if (local !== 'schemaLocation' && local !== 'noNamespaceSchemaLocation' && !anyAttributes) {
          this.unexpectedAttribute(
            f,
            tag,
            k,
            declared.map((a) => a.name),
          );
        }
        continue;
      }
      if (ns !== '') {
        if (!anyAttributes)
          this.unexpectedAttribute(
            f,
            tag,
            k,
            declared.map((a) => a.name),
          );
        continue;
      }
      let a = -1;
      for (let i = 0; i < declared.length; i++) {
        if (declared[i]?.name === name) {
          a = i;
          break;
        }
      }
      if (a === -1) {
        if (!anyAttributes)
          this.unexpectedAttribute(
            f,
            tag,
            k,
            declared.map((d) => d.name),
          );
        continue;
      }
      found |= 1 << a;
      const value = tag.attrValues[k] ?? '';
      const problem = checkSimpleValue((declared[a] as { type: SimpleType }).type, value);
      if (problem) {
        this.valueProblem(problem, 'attribute', f.name, name, value, {
          range: this.range(tag.attrValueStart[k] ?? 0, tag.attrValueEnd[k] ?? 0),
          path: this.path(),
        });
      }
    }
    for (let i = 0; i < declared.length; i++) {
      const d = declared[i];
      if (d?.required && !(found & (1 << i))) {
        this.visit(this.rules['attribute-missing'], {
          stage: 'attribute-missing',
          name: d.name,
          element: f.name,
          location: this.elementLocation(f, this.depth),
        });
      }
    }
    if (nilIndex !== -1) {
      const raw = (tag.attrValues[nilIndex] ?? '').trim();
      if (raw === 'true' && decl.nillable) {
        f.nil = true;
        return;
      }
      this.visit(this.rules['xsi-nil'], {
        stage: 'xsi-nil',
        element: f.name,
        value: raw,
        nillable: decl.nillable,
        location: {
          range: this.range(tag.attrNameStart[nilIndex] ?? 0, (tag.attrValueEnd[nilIndex] ?? 0) + 1),
          path: this.path(),
        },
      });
      // On a nillable element, xsi:nil="1" is nil too; anything else leaves it as written.
      if (decl.nillable) f.nil = raw === '1';
    }
  }

  private checkXsiType(f: Frame, decl: ElementDecl, tag: StartTag, k: number): void {
    const value = (tag.attrValues[k] ?? '').trim();
    const local = value.slice(value.indexOf(':') + 1);
    const simple = decl.type.simple;
    const plainString =
      decl.type.kind === 'simple' &&
      decl.type.attributes.length === 0 &&
      simple?.base === 'string' &&
      simple.enumeration === undefined &&
      simple.minLength === undefined &&
      simple.maxLength === undefined;
    if (plainString && STRING_TYPES.has(local)) return;
    this.visit(this.rules['xsi-type'], {
      stage: 'xsi-type',
      element: f.name,
      value,
      location: {
        range: this.range(tag.attrNameStart[k] ?? 0, (tag.attrValueEnd[k] ?? 0) + 1),
        path: this.path(),
      },
    });
  }

  private unexpectedAttribute(f: Frame, tag: StartTag, k: number, declared: string[]): void {
    const name = tag.attrNames[k] ?? '';
    this.visit(this.rules['attribute-not-allowed'], {
      stage: 'attribute-not-allowed',
      name,
      element: f.name,
      declared,
      guess: tag.attrNs[k] === '' ? closestName(name, declared) : undefined,
      location: {
        range: this.range(tag.attrNameStart[k] ?? 0, (tag.attrValueEnd[k] ?? 0) + 1),
        path: this.path(),
      },
    });
  }

  private valueProblem(
    problem: ValueProblem,
    where: 'element' | 'attribute',
    element: string,
    name: string,
    value: string,
    location: Location,
  ): void {
    this.visit(this.rules['value-refused'], {
      stage: 'value-refused',
      problem,
      where,
      element,
      name,
      value,
      location,
    });
  }

  /** Hand a stage's result to the rules that read it, in report order (only where the schema is broken). */
  private visit<S>(stageRules: StageRules<S>, stage: S): void {
    const { rules } = stageRules;
    const contexts = stageRules.contexts(this.reporter);
    for (let i = 0; i < rules.length; i++)
      (rules[i] as Rule<S>).check?.(stage, contexts[i] as ModusRuleContext);
  }

  /** Keys of unique constraints whose field is an attribute of the element just started. */
  private attributeKeys(holder: Frame, f: Frame, tag: StartTag): void {
    const uniques = holder.type?.uniques ?? [];
    for (let u = 0; u < uniques.length; u++) {
      const c = uniques[u];
      if (!c || c.selector !== tag.local || !('attribute' in c.field)) continue;
      const k = tag.attributeIndex(c.field.attribute);
      if (k === -1 || tag.attrNs[k] !== '') continue;
      const key = keyValue(c.field.type, tag.attrValues[k] ?? '');
      if (key === undefined) continue;
      this.addKey(
        holder,
        u,
        key,
        `${f.name}@${c.field.attribute}`,
        {
          range: this.range(tag.attrValueStart[k] ?? 0, tag.attrValueEnd[k] ?? 0),
          path: this.path(),
        },
        this.located(f).line,
      );
    }
  }

  private addKey(
    holder: Frame,
    u: number,
    key: string,
    what: string,
    location: Location,
    line: number,
  ): void {
    holder.keys ??= [];
    let seen = holder.keys[u];
    if (!seen) {
      seen = new Map();
      holder.keys[u] = seen;
    }
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, line);
      return;
    }
    this.visit(this.rules['key-repeated'], {
      stage: 'key-repeated',
      what,
      key,
      holder: holder.name,
      firstLine: first,
      location,
    });
  }

  text(value: string, start: number, end: number): void {
    if (this.depth === 0) return;
    const f = this.top();
    switch (f.mode) {
      case Mode.Simple:
        if (f.hasText) f.text += value;
        else {
          f.text = value;
          f.hasText = true;
        }
        break;
      case Mode.Elements:
        if (!f.textReported && !isBlank(value)) {
          f.textReported = true;
          let a = 0;
          while (a < value.length && isBlank(value[a] ?? '')) a++;
          this.visit(this.rules['text-not-allowed'], {
            stage: 'text-not-allowed',
            content: 'element-only',
            element: f.name,
            text: value,
            location: { range: this.range(Math.min(start + a, end), end), path: this.path() },
          });
        }
        break;
      case Mode.Empty:
        if (!f.textReported) {
          f.textReported = true;
          this.visit(this.rules['text-not-allowed'], {
            stage: 'text-not-allowed',
            content: 'empty',
            element: f.name,
            text: value,
            location: { range: this.range(start, end), path: this.path() },
          });
        }
        break;
      default:
        break;
    }
  }

  endElement(_name: string, start: number): void {
    const f = this.top();
    this.endStart = start;
    let value: ElementValue | undefined;
    if (f.mode === Mode.Elements) this.checkComplete(f);
    else if (f.mode === Mode.Simple) value = this.checkValue(f);
    if (f.mode === Mode.Any) this.laxDepth--;
    const decl = f.decl;
    if (decl !== undefined && decl.roleId >= 0 && this.laxDepth === 0) {
      const listeners = this.ends[decl.roleId] as ModusObserver[];
      for (let i = 0; i < listeners.length; i++)
        listeners[i]?.end?.(decl.role as ModusRole, value, this.context);
    }
    if (value && !f.nil && this.depth >= 3) {
      const holder = this.frames[this.depth - 3] as Frame;
      const parent = this.frames[this.depth - 2] as Frame;
      const uniques = holder.type?.uniques;
      if (uniques && holder.mode === Mode.Elements && parent.decl) {
        for (let u = 0; u < uniques.length; u++) {
          const c = uniques[u];
          if (!c || c.selector !== parent.name || !('element' in c.field) || c.field.element !== f.name)
            continue;
          const key = keyValue(c.field.type, value.text);
          if (key !== undefined)
            this.addKey(
              holder,
              u,
              key,
              `${parent.name}/${f.name}`,
              this.valueLocation(f),
              this.located(f).line,
            );
        }
      }
    }
    this.depth--;
    if (this.locatedDepth > this.depth) this.locatedDepth = this.depth;
    this.tag = undefined;
    this.wantsBlankText = this.depth === 0 || (this.frames[this.depth - 1] as Frame).mode !== Mode.Elements;
  }

  private checkComplete(f: Frame): void {
    const type = f.type as TypeDecl;
    const ps = type.particles;
    let missing: string[] | undefined;
    if (type.kind === 'all') {
      for (let i = 0; i < ps.length; i++) {
        const p = ps[i] as ElementDecl;
        if (p.min > 0 && !((f.counts[i] ?? 0) > 0)) (missing ??= []).push(p.name);
      }
    } else if (type.kind === 'choice') {
      // Every choice of the Modus schemas has an optional member (xmllint reads maxOccurs="0" members as
      // optional), so an empty choice is complete; modus-schema.test.ts keeps that true.
      return;
    } else {
      const current = ps[f.k];
      if (current && f.count < current.min) (missing ??= []).push(current.name);
      for (let i = f.k + 1; i < ps.length; i++) {
        const p = ps[i] as ElementDecl;
        if (p.min > 0) (missing ??= []).push(p.name);
      }
    }
    if (missing && f.guessed) missing = missing.filter((m) => !f.guessed?.includes(m));
    if (missing && missing.length > 0) {
      this.visit(this.rules['elements-missing'], {
        stage: 'elements-missing',
        parent: f.name,
        missing,
        before: undefined,
        location: this.elementLocation(f, this.depth),
      });
    }
  }

  private checkValue(f: Frame): ElementValue {
    const decl = f.decl as ElementDecl;
    const simple = (f.type as TypeDecl).simple as SimpleType;
    const text = f.hasText ? f.text : (decl.default ?? '');
    const value = this.value;
    value.text = text;
    value.valid = true;
    value.present = f.hasText;
    value.nil = f.nil;
    value.number = NaN;
    if (f.childInValue) {
      value.valid = false;
      return value;
    }
    if (f.nil) {
      if (f.hasText) {
        value.valid = false;
        this.visit(this.rules['nilled-content'], {
          stage: 'nilled-content',
          element: f.name,
          location: this.valueLocation(f),
        });
      }
      return value;
    }
    let problem: ValueProblem | undefined;
    if (simple.base === 'float') {
      // Parsed once here; observers read value.number.
      const n = parseXsdNumber(normaliseValue(simple, text));
      if (n === undefined) problem = { kind: 'lexical', expected: builtinDescription.float };
      else {
        value.number = n;
        if (simple.minInclusive !== undefined && Math.fround(n) < simple.minInclusive) {
          problem = { kind: 'range', detail: `must be at least ${simple.minInclusive}` };
        }
      }
    } else problem = checkSimpleValue(simple, text);
    if (problem) {
      value.valid = false;
      this.valueProblem(problem, 'element', f.name, f.name, text, this.valueLocation(f));
    }
    return value;
  }

  /** The document ended without a fatal error. */
  finish(): void {
    for (const o of this.observers) o.finish?.(this.context);
  }
}
