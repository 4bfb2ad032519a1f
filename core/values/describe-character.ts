/**
 * A character named so a reader can see it: invisible and look-alike characters (a no-break space pasted
 * from a spreadsheet, a zero-width space, a BOM, a control character) by code point and Unicode name;
 * printable ones quoted as they are.
 */

/** Unicode names of the invisible or confusable characters that turn up in pasted data. */
const namedCharacters: Record<number, string> = {
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x1680: 'OGHAM SPACE MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x2000: 'EN QUAD',
  0x2001: 'EM QUAD',
  0x2002: 'EN SPACE',
  0x2003: 'EM SPACE',
  0x2004: 'THREE-PER-EM SPACE',
  0x2005: 'FOUR-PER-EM SPACE',
  0x2006: 'SIX-PER-EM SPACE',
  0x2007: 'FIGURE SPACE',
  0x2008: 'PUNCTUATION SPACE',
  0x2009: 'THIN SPACE',
  0x200a: 'HAIR SPACE',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2010: 'HYPHEN',
  0x2011: 'NON-BREAKING HYPHEN',
  0x2012: 'FIGURE DASH',
  0x2013: 'EN DASH',
  0x2014: 'EM DASH',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x205f: 'MEDIUM MATHEMATICAL SPACE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2212: 'MINUS SIGN',
  0x3000: 'IDEOGRAPHIC SPACE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte-order mark)',
  0xff0c: 'FULLWIDTH COMMA',
  0xff0e: 'FULLWIDTH FULL STOP',
  0xfffd: 'REPLACEMENT CHARACTER (undecodable bytes)',
};

/** The Unicode name of an invisible or confusable character, if it is one. */
export function characterName(code: number): string | undefined {
  return namedCharacters[code];
}

/** "U+00A0" */
export function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The character in words: "U+00A0 NO-BREAK SPACE", "U+001B (a control character)", or the character in the
 * given quotes when it shows as itself.
 */
export function describeCharacter(ch: string, quote = "'"): string {
  const code = ch.codePointAt(0) ?? 0;
  const name = namedCharacters[code];
  if (name !== undefined) return `${codePointLabel(code)} ${name}`;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `${codePointLabel(code)} (a control character)`;
  if (code !== 0x20 && /^[\p{Mn}\p{Me}\p{Cf}\p{Zs}\p{Co}\p{Cn}\p{Cs}]$/u.test(ch))
    return `${codePointLabel(code)} (invisible)`;
  return `${quote}${ch}${quote}`;
}
