/**
 * A small reader for the WKT that describes coordinate reference systems (.prj files, OGC WKT 1, ESRI WKT
 * and WKT 2's bracket syntax). It only builds the bracket tree; identify-crs.ts interprets it.
 *
 *   PROJCS["SWEREF99_TM",GEOGCS[...],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0]]
 */

export interface CrsWktNode {
  keyword: string;
  /** Arguments in order: quoted strings, numbers, bare words (enum values such as EAST) and child nodes. */
  args: Array<string | number | CrsWktNode>;
}

export type CrsWktParseResult =
  { ok: true; root: CrsWktNode } | { ok: false; offset: number; message: string };

function isWordChar(c: number): boolean {
  return (
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 // A-Z a-z 0-9 _
  );
}

export function parseCrsWkt(text: string): CrsWktParseResult {
  let i = 0;
  const n = text.length;
  const skip = (): void => {
    while (i < n && /\s/.test(text[i] ?? '')) i++;
  };
  const fail = (message: string): { ok: false; offset: number; message: string } => ({
    ok: false,
    offset: i,
    message,
  });

  // Iterative parse with an explicit stack, so a hostile nesting depth cannot overflow the call stack.
  const stack: CrsWktNode[] = [];
  skip();
  if (text.charCodeAt(i) === 0xfeff) i++;
  const readKeyword = (): string => {
    const start = i;
    while (i < n && isWordChar(text.charCodeAt(i))) i++;
    return text.slice(start, i);
  };

  const keyword = readKeyword();
  if (keyword === '') return fail('expected a WKT keyword such as PROJCS or GEOGCS');
  skip();
  if (text[i] !== '[' && text[i] !== '(') return fail(`expected "[" after ${keyword}`);
  i++;
  const root: CrsWktNode = { keyword: keyword.toUpperCase(), args: [] };
  stack.push(root);

  while (stack.length > 0) {
    skip();
    const top = stack[stack.length - 1] as CrsWktNode;
    const c = text[i];
    if (c === undefined) return fail(`unexpected end of text inside ${top.keyword}[`);
    if (c === ']' || c === ')') {
      i++;
      stack.pop();
      skip();
      if (stack.length > 0 && text[i] === ',') i++;
      continue;
    }
    if (c === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) return fail('unterminated quoted string');
        value += text.slice(i, q);
        i = q + 1;
        if (text[i] === '"') {
          value += '"';
          i++;
          continue;
        }
        break;
      }
      top.args.push(value);
    } else if (/[-+.\d]/.test(c)) {
      const m = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(text.slice(i, i + 64));
      if (!m) return fail(`expected a number`);
      top.args.push(Number(m[0]));
      i += m[0].length;
    } else if (isWordChar(text.charCodeAt(i))) {
      const word = readKeyword();
      skip();
      if (text[i] === '[' || text[i] === '(') {
        i++;
        if (stack.length > 64) return fail('WKT nested too deeply');
        const child: CrsWktNode = { keyword: word.toUpperCase(), args: [] };
        top.args.push(child);
        stack.push(child);
        continue;
      }
      top.args.push(word);
    } else {
      return fail(`unexpected character "${c}"`);
    }
    skip();
    if (text[i] === ',') i++;
    else if (text[i] !== ']' && text[i] !== ')') return fail(`expected "," or "]" in ${top.keyword}[`);
  }
  skip();
  if (i < n) return fail('unexpected text after the end of the WKT');
  return { ok: true, root };
}

export function childNodes(node: CrsWktNode, ...keywords: string[]): CrsWktNode[] {
  return node.args.filter((a): a is CrsWktNode => typeof a === 'object' && keywords.includes(a.keyword));
}

export function childNode(node: CrsWktNode, ...keywords: string[]): CrsWktNode | undefined {
  return childNodes(node, ...keywords)[0];
}

/** The first quoted argument: the name of a CRS, datum, projection or parameter. */
export function nodeName(node: CrsWktNode | undefined): string | undefined {
  const first = node?.args[0];
  return typeof first === 'string' ? first : undefined;
}

export function numberArg(node: CrsWktNode | undefined, index: number): number | undefined {
  const v = node?.args[index];
  return typeof v === 'number'
    ? v
    : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))
      ? Number(v)
      : undefined;
}
