/**
 * Systematic mutations of real Modus files for the differential test against xmllint: drop each element
 * once, give typed values wrong values, reorder sequences and all-groups, repeat elements, add unknown
 * elements and attributes. Each mutation is plain text surgery on the original file.
 */

export interface Mutation {
  name: string;
  text: string;
}

interface ElementSpan {
  name: string;
  start: number;
  /** End of the start tag. */
  openEnd: number;
  /** Start of the end tag (== end for self-closing). */
  closeStart: number;
  end: number;
}

/** Elements of a well-formed document with their spans (comments, CDATA and PIs skipped). */
export function elementSpans(text: string): ElementSpan[] {
  const spans: ElementSpan[] = [];
  const stack: ElementSpan[] = [];
  const re =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)(?:\s+[^\s=>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[1] !== undefined) {
      const open = stack.pop();
      if (open) {
        open.closeStart = m.index;
        open.end = m.index + m[0].length;
      }
    } else if (m[2] !== undefined) {
      const span: ElementSpan = {
        name: m[2],
        start: m.index,
        openEnd: m.index + m[0].length,
        closeStart: 0,
        end: 0,
      };
      spans.push(span);
      if (m[3] === '/') {
        span.closeStart = span.end = span.openEnd;
      } else stack.push(span);
    }
  }
  return spans;
}

function replaceSpan(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

/** Typed values to try per element name (first occurrence). */
const VALUE_MUTATIONS: Record<string, string[]> = {
  EventDate: ['2021-13-45', '24/09/2021', ' 2021-09-24', '2021-09-24Z', '2021-02-29', '2021-09-24T00:00:00'],
  EventExpirationDate: ['soon'],
  Value: ['abc', '-1', '1,5', 'NaN', '1.5e', 'INF', '-INF', '+INF', ' 7 ', ''],
  StartingDepth: ['-1', '1.5', '+0', 'x'],
  EndingDepth: ['0', '-0', '99999999999999999999999999'],
  ColumnDepth: ['0', '8.0'],
  ReceivedDate: ['2021-09-28', '2021-09-28T12:00', '2021-09-28T24:00:00', '2021-09-28T12:00:00.5+01:00'],
  OverwriteResult: ['yes', '', ' true ', 'TRUE'],
  ValueType: ['measured', 'Measured ', '', 'Index'],
  ValueDesc: ['Low ', '', 'H', 'Excessive'],
  ValueUnit: [''],
  Element: [''],
  ModusTestID: [''],
  SampleNumber: ['', ' 1 '],
  ReportID: ['0', 'abc', '007'],
  SampleGroupID: ['1', '-5'],
  Name: [''],
  LabName: [''],
};

const ATTRIBUTE_MUTATIONS: Array<[string, string, string[]]> = [
  ['DepthRef', 'DepthID', ['0', 'x', '01', '']],
  ['Depth', 'DepthID', ['0', 'two', ' 1 ']],
  ['TestPackageRef', 'TestPackageID', ['2147483648', '1.0', '']],
  ['Report', 'ReportID', ['-1']],
  ['Geometry', 'epsg', ['WGS84', '3857']],
];

export function mutate(text: string): Mutation[] {
  const out: Mutation[] = [];
  const spans = elementSpans(text);
  const seen = new Set<string>();
  const firstOf = (name: string): ElementSpan | undefined => spans.find((s) => s.name === name);

  // 1. Drop the first occurrence of each element name (a required one makes the file invalid).
  for (const s of spans.slice(1)) {
    if (seen.has(s.name)) continue;
    seen.add(s.name);
    out.push({ name: `drop-${s.name}`, text: replaceSpan(text, s.start, s.end, '') });
  }

  // 2. Wrong or edge-case values.
  for (const [name, values] of Object.entries(VALUE_MUTATIONS)) {
    const s = spans.find(
      (x) =>
        x.name === name && x.closeStart > x.openEnd && !text.slice(x.openEnd, x.closeStart).includes('<'),
    );
    if (!s) continue;
    values.forEach((v, i) =>
      out.push({
        name: `value-${name}-${i}`,
        text: replaceSpan(text, s.openEnd, s.closeStart, v.replace(/&/g, '&amp;')),
      }),
    );
  }
  for (const [element, attribute, values] of ATTRIBUTE_MUTATIONS) {
    const s = firstOf(element);
    if (!s) continue;
    const tag = text.slice(s.start, s.openEnd);
    const m = new RegExp(`\\s${attribute}\\s*=\\s*(["'])([^"']*)\\1`).exec(tag);
    values.forEach((v, i) => {
      const newTag = m
        ? tag.replace(m[0], ` ${attribute}="${v}"`)
        : tag.replace(/\s*(\/?)>$/, ` ${attribute}="${v}"$1>`);
      out.push({
        name: `attr-${element}-${attribute}-${i}`,
        text: replaceSpan(text, s.start, s.openEnd, newTag),
      });
    });
    if (m)
      out.push({
        name: `attr-${element}-${attribute}-drop`,
        text: replaceSpan(text, s.start, s.openEnd, tag.replace(m[0], '')),
      });
  }

  // 3. Reorder: move the first child of a parent after its second child (sequence: invalid; all: valid).
  for (const parent of [
    'Soil',
    'FMISProfile',
    'URL',
    'NutrientResult',
    'SampleMetaData',
    'DepthRef',
    'EventMetaData',
    'Event',
    'LabMetaData',
  ]) {
    const p = spans.find((s) => s.name === parent && s.closeStart > s.openEnd);
    if (!p) continue;
    const kids = spans.filter((s) => s.start >= p.openEnd && s.end <= p.closeStart);
    const direct = kids.filter((k) => !kids.some((o) => o !== k && o.start < k.start && o.end >= k.end));
    const [a, b] = direct;
    if (!a || !b) continue;
    const moved =
      text.slice(0, a.start) + text.slice(a.end, b.end) + text.slice(a.start, a.end) + text.slice(b.end);
    out.push({ name: `reorder-${parent}`, text: moved });
  }

  // 4. Repeat an element right after itself.
  for (const name of [
    'SampleNumber',
    'DepthRef',
    'TestPackageRef',
    'LabName',
    'EventType',
    'Depth',
    'File',
    'EventSamples',
  ]) {
    const s = firstOf(name);
    if (!s) continue;
    out.push({ name: `repeat-${name}`, text: replaceSpan(text, s.end, s.end, text.slice(s.start, s.end)) });
  }

  // 5. Unknown element, unknown attribute, text in element-only content, namespaces.
  const lab = firstOf('LabMetaData');
  if (lab) {
    out.push({
      name: 'unknown-element',
      text: replaceSpan(text, lab.openEnd, lab.openEnd, '<LabPhone>1</LabPhone>'),
    });
    out.push({ name: 'stray-text', text: replaceSpan(text, lab.openEnd, lab.openEnd, 'stray') });
    out.push({
      name: 'comment-and-pi',
      text: replaceSpan(text, lab.openEnd, lab.openEnd, '<!-- c --><?pi x?>'),
    });
    out.push({
      name: 'unknown-attribute',
      text: replaceSpan(text, lab.openEnd - 1, lab.openEnd - 1, ' Lab="1"'),
    });
    out.push({
      name: 'xml-lang',
      text: replaceSpan(text, lab.openEnd - 1, lab.openEnd - 1, ' xml:lang="en"'),
    });
  }
  const root = spans[0];
  if (root) {
    const end = root.openEnd - (text[root.openEnd - 2] === '/' ? 2 : 1);
    out.push({ name: 'default-namespace', text: replaceSpan(text, end, end, ' xmlns="urn:modus"') });
    out.push({ name: 'root-attribute', text: replaceSpan(text, end, end, ' Vers="1"') });
  }
  const soilKind = spans.find((s) => s.name === 'Soil' && s.closeStart === s.openEnd);
  if (soilKind) {
    out.push({
      name: 'anytype-lax-global',
      text: replaceSpan(text, soilKind.start, soilKind.end, '<Soil><Comments><b/></Comments></Soil>'),
    });
    out.push({
      name: 'anytype-lax-unknown',
      text: replaceSpan(
        text,
        soilKind.start,
        soilKind.end,
        '<Soil x="1"><Anything y="2">t</Anything></Soil>',
      ),
    });
  }
  const vd = spans.find((s) => s.name === 'ValueDesc');
  if (vd) {
    out.push({
      name: 'nil-with-content',
      text: replaceSpan(text, vd.start, vd.end, '<ValueDesc xsi:nil="true">Low</ValueDesc>'),
    });
    out.push({ name: 'nil-empty', text: replaceSpan(text, vd.start, vd.end, '<ValueDesc xsi:nil="true"/>') });
  }
  const ln = firstOf('LabName');
  if (ln)
    out.push({
      name: 'nil-not-nillable',
      text: replaceSpan(text, ln.start, ln.end, '<LabName xsi:nil="true"/>'),
    });
  return out;
}
