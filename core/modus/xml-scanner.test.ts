import { describe, expect, it } from 'vitest';
import { XmlScanner, type StartTag, type XmlError } from './xml-scanner.ts';

interface Event {
  type: string;
  name?: string;
  value?: string;
  start: number;
  end: number;
  attrs?: Record<string, string>;
}

function scan(pieces: string[]): { events: Event[]; errors: XmlError[]; scanner: XmlScanner } {
  const events: Event[] = [];
  const errors: XmlError[] = [];
  const scanner = new XmlScanner({
    wantsBlankText: true,
    startElement(tag: StartTag) {
      const attrs: Record<string, string> = {};
      for (let i = 0; i < tag.attrCount; i++) attrs[tag.attrNames[i] ?? ''] = tag.attrValues[i] ?? '';
      events.push({ type: 'start', name: tag.name, start: tag.start, end: tag.end, attrs });
    },
    endElement(name, start, end) {
      events.push({ type: 'end', name, start, end });
    },
    text(value, start, end) {
      events.push({ type: 'text', value, start, end });
    },
    error(e) {
      errors.push(e);
    },
  });
  for (const p of pieces) scanner.write(p);
  scanner.end();
  return { events, errors, scanner };
}

/** Texts merged, so results compare across different chunkings. */
function merged(events: Event[]): Event[] {
  const out: Event[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (e.type === 'text' && last?.type === 'text' && last.end === e.start) {
      last.value += e.value ?? '';
      last.end = e.end;
    } else out.push({ ...e });
  }
  return out;
}

const DOC =
  '<?xml version="1.0"?>\r\n<!-- c --><a x="1 &amp; 2" y=\'&#x41;\tB\'>\r\n  t&lt;1<![CDATA[<raw>]]><b/><?pi data?>\n  <c:d xmlns:c="urn:c">é𝄞</c:d>\n</a>\n';

describe('XmlScanner', () => {
  it('reports elements, attributes (normalised) and text (references resolved, CR LF normalised)', () => {
    const { events, errors } = scan([DOC]);
    expect(errors).toEqual([]);
    const m = merged(events);
    expect(m[0]).toMatchObject({ type: 'start', name: 'a', attrs: { x: '1 & 2', y: 'A B' } });
    expect(m[1]).toMatchObject({ type: 'text', value: '\n  t<1<raw>' });
    expect(m.map((e) => `${e.type}:${e.name ?? ''}`)).toEqual([
      'start:a',
      'text:',
      'start:b',
      'end:b',
      'text:',
      'start:c:d',
      'text:',
      'end:c:d',
      'text:',
      'end:a',
    ]);
    expect(m.find((e) => e.type === 'text' && e.value?.includes('é'))?.value).toBe('é𝄞');
  });

  it('gives the same events whatever the chunking', () => {
    const whole = merged(scan([DOC]).events);
    for (const size of [1, 2, 3, 7, 64]) {
      const pieces: string[] = [];
      for (let i = 0; i < DOC.length; i += size) pieces.push(DOC.slice(i, i + size));
      expect(merged(scan(pieces).events)).toEqual(whole);
    }
  });

  it('maps offsets to lines and columns like LineIndex (CR, LF and CR LF)', () => {
    const { scanner } = scan(['<a>\r\n<b/>\r<c/>\n<d/></a>']);
    expect(scanner.position(0)).toEqual({ line: 1, column: 1 });
    const s = new XmlScanner({
      wantsBlankText: true,
      startElement() {},
      endElement() {},
      text() {},
      error() {},
    });
    s.write('<a>\r\n<b/>\r<c/>\n<d/></a>');
    expect(s.position(5)).toEqual({ line: 2, column: 1 });
    expect(s.position(10)).toEqual({ line: 3, column: 1 });
    expect(s.position(15)).toEqual({ line: 4, column: 1 });
  });

  it('reports well-formedness errors at their offset and stops', () => {
    const cases: Array<[string, string, number]> = [
      ['<a><b></a>', 'does not match the open element <b>', 6],
      ['<a x="1" x="2"/>', 'appears twice', 9],
      ['<a x=1/>', 'must be quoted', 5],
      ['<a>x</a><b/>', 'exactly one root element', 8],
      ['<a><!-- a -- b --></a>', '"--" is not allowed inside a comment', 10],
      ['<a>]]></a>', '"]]>" is not allowed in text', 3],
      ['  <?xml version="1.0"?><a/>', 'only allowed at the very start', 2],
      ['<a', 'the start tag <a> is not closed', 0],
      ['<a><!-- x', 'the comment is not closed', 3],
      ['', 'the document is empty', 0],
      ['<a>&#1;</a>', 'not a reference to a character allowed', 3],
      ['<p:a/>', 'namespace prefix "p" of <p:a> is not declared', 1],
      ['<a>\u0007</a>', 'U+0007 is not allowed', 3],
    ];
    for (const [doc, message, offset] of cases) {
      const { errors } = scan([doc]);
      expect(errors, doc).toHaveLength(1);
      expect(errors[0]?.message, doc).toContain(message);
      expect(errors[0]?.offset, doc).toBe(offset);
    }
  });

  it('rejects every character XML forbids, at the first one, and no other character', () => {
    const forbidden = [
      ...Array.from({ length: 0x20 }, (_, c) => c).filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d),
      0xfffe,
      0xffff,
    ];
    for (const code of forbidden) {
      const ch = String.fromCharCode(code);
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      // In a later piece, after a two-byte character (a two-byte string), and in an attribute.
      for (const pieces of [[`<a>x${ch}</a>`], ['<a>✓', `y${ch}</a>`], [`<a b="${ch}"/>`]]) {
        const { errors } = scan(pieces);
        const offset = pieces.join('').indexOf(ch);
        expect(errors, `U+${hex}`).toHaveLength(1);
        expect(errors[0]?.message).toContain(`U+${hex} is not allowed`);
        expect(errors[0]?.offset).toBe(offset);
      }
    }
    // Several in one piece: the first in the text is reported, whatever its code.
    const several = scan(['<a>ok\u001f then \u0001 then \uffff</a>']).errors;
    expect(several.map((e) => [e.message.match(/U\+[0-9A-F]{4}/)?.[0], e.offset])).toEqual([['U+001F', 5]]);
    // Tab, line feed, carriage return and the rest of the BMP are allowed.
    expect(scan(['<a>\t\n\r \ufffd \u0085 \u2028 é</a>']).errors).toEqual([]);
  });

  it('rejects a DOCTYPE that declares entities at the declaration, and skips one that does not', () => {
    const bad = scan(['<!DOCTYPE a [<!ELEMENT a ANY><!ENTITY e "x">]><a>&e;</a>']);
    expect(bad.errors[0]).toMatchObject({ kind: 'doctype-entities', offset: 29 });
    expect(bad.events).toEqual([]);
    const ok = scan(['<!DOCTYPE a PUBLIC "-//x//y" "a.dtd" [<!ELEMENT a ANY><!-- ] -->]><a/>']);
    expect(ok.errors).toEqual([]);
  });

  it('enforces depth, attribute and token limits', () => {
    const limits = {
      maxDocumentLength: 1000,
      maxTokenLength: 50,
      maxTextPiece: 100,
      maxDepth: 3,
      maxAttributes: 2,
    };
    const run = (doc: string): XmlError[] => {
      const errors: XmlError[] = [];
      const s = new XmlScanner(
        { wantsBlankText: true, startElement() {}, endElement() {}, text() {}, error: (e) => errors.push(e) },
        limits,
      );
      s.write(doc);
      s.end();
      return errors;
    };
    expect(run('<a><b><c><d/></c></b></a>')[0]).toMatchObject({ kind: 'limit', offset: 9 });
    expect(run('<a x="1" y="2" z="3"/>')[0]?.kind).toBe('limit');
    expect(run(`<a${' '.repeat(60)}`)[0]?.kind).toBe('limit');
    expect(run(`<a>${'x'.repeat(2000)}</a>`)[0]?.kind).toBe('limit');
  });
});
