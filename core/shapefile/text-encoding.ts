/**
 * Which encoding DBF text is in: the .cpg when there is one, else the DBF's language driver id (byte 29),
 * else ISO-8859-1 (GDAL's default). Decoders come from TextDecoder, plus CP437 and exact Latin-1 by hand
 * (TextDecoder maps the label "iso-8859-1" to windows-1252).
 */
import { decodeCp437 } from '../archive/cp437.ts';
import { decodeWindows1252 } from '../values/windows-1252.ts';

export interface TextEncodingChoice {
  /** Canonical name shown to people ("UTF-8", "windows-1252"). */
  name: string;
  /** Where the choice came from. */
  source: 'cpg' | 'ldid' | 'default';
  decode(bytes: Uint8Array): string;
  /** Whether invalid sequences can be detected (UTF-8 only). */
  strict: boolean;
}

/** Exact ISO-8859-1: each byte is the code point of the same number. */
export function latin1(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return s;
}

/** Map a .cpg text or code page number to a TextDecoder label, or undefined when unknown. */
export function encodingLabel(cpg: string): string | undefined {
  const v = cpg
    .trim()
    .toUpperCase()
    .replace(/^ANSI\s+/, '');
  if (/^(UTF-?8|65001)$/.test(v)) return 'utf-8';
  if (/^(8859_1|ISO[-_ ]?8859[-_]1|ISO88591|LATIN-?1|28591)$/.test(v)) return 'iso-8859-1';
  if (/^(437|CP437|IBM437|OEM)$/.test(v)) return 'cp437';
  let m = /^(?:CP|WINDOWS-|WIN)?(125[0-8])$/.exec(v);
  if (m) return `windows-${m[1]}`;
  m = /^(?:ISO[-_ ]?8859[-_]|8859_|2859)(\d{1,2})$/.exec(v);
  if (m) return `iso-8859-${m[1]}`;
  const table: Record<string, string> = {
    '866': 'ibm866',
    CP866: 'ibm866',
    '874': 'windows-874',
    '932': 'shift_jis',
    SJIS: 'shift_jis',
    SHIFT_JIS: 'shift_jis',
    '936': 'gbk',
    GBK: 'gbk',
    GB2312: 'gbk',
    GB18030: 'gb18030',
    '949': 'euc-kr',
    'EUC-KR': 'euc-kr',
    '950': 'big5',
    BIG5: 'big5',
    'KOI8-R': 'koi8-r',
    'KOI8-U': 'koi8-u',
    'UTF-16': 'utf-16le',
  };
  return table[v];
}

// Language driver ids (DBF byte 29) as GDAL maps them.
const LDID: Record<number, string> = {
  0x01: 'cp437',
  0x03: 'windows-1252',
  0x13: 'shift_jis',
  0x57: 'iso-8859-1',
  0x58: 'windows-1252',
  0x59: 'windows-1252',
  0x65: 'ibm866',
  0x78: 'big5',
  0x79: 'euc-kr',
  0x7a: 'gbk',
  0x7c: 'windows-874',
  0xc8: 'windows-1250',
  0xc9: 'windows-1251',
  0xca: 'windows-1254',
  0xcb: 'windows-1253',
  0xcc: 'windows-1257',
};

function decoderFor(label: string): ((bytes: Uint8Array) => string) | undefined {
  if (label === 'cp437') return decodeCp437;
  if (label === 'iso-8859-1') return latin1;
  if (label === 'windows-1252') return decodeWindows1252;
  try {
    const decoder = new TextDecoder(label, { fatal: false, ignoreBOM: true });
    return (bytes) => decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

function displayName(label: string): string {
  if (label === 'utf-8') return 'UTF-8';
  if (label === 'cp437') return 'CP437';
  return label.toUpperCase().startsWith('ISO') ? label.toUpperCase() : label;
}

export interface ChooseEncodingResult {
  encoding: TextEncodingChoice;
  /** The .cpg text when it named an encoding that is not known. */
  unknownCpg?: string;
}

export function chooseTextEncoding(cpg: string | undefined, ldid: number): ChooseEncodingResult {
  let unknownCpg: string | undefined;
  if (cpg !== undefined && cpg.trim() !== '') {
    const label = encodingLabel(cpg);
    const decode = label && decoderFor(label);
    if (label && decode) {
      return { encoding: { name: displayName(label), source: 'cpg', decode, strict: label === 'utf-8' } };
    }
    unknownCpg = cpg.trim();
  }
  const fromLdid = LDID[ldid];
  const decode = fromLdid && decoderFor(fromLdid);
  const encoding: TextEncodingChoice =
    fromLdid && decode
      ? { name: displayName(fromLdid), source: 'ldid', decode, strict: false }
      : { name: 'ISO-8859-1', source: 'default', decode: latin1, strict: false };
  return unknownCpg === undefined ? { encoding } : { encoding, unknownCpg };
}
