/**
 * The Modus kind as detection sees it: its name and the root-element sniff, without the validator (which
 * the registry loads only for a file detected or chosen as Modus).
 */
import { extensionOf, type InputFile, type KindInfo } from '../input/file-kind.ts';
import { sniffBom } from '../input/text-decoding.ts';

const SNIFF = 16 * 1024;

/** The root element's local name, read from the start of the file (after declarations and comments). */
export function sniffRootElement(bytes: Uint8Array): string | undefined {
  const bom = sniffBom(bytes);
  const start = bom?.length ?? 0;
  const head = new TextDecoder(bom?.encoding ?? 'utf-8').decode(bytes.subarray(start, start + SNIFF));
  let i = 0;
  for (;;) {
    while (i < head.length && /\s/.test(head[i] ?? '')) i++;
    if (head.startsWith('<?', i)) {
      const end = head.indexOf('?>', i);
      if (end === -1) return undefined;
      i = end + 2;
    } else if (head.startsWith('<!--', i)) {
      const end = head.indexOf('-->', i);
      if (end === -1) return undefined;
      i = end + 3;
    } else if (head.startsWith('<!DOCTYPE', i)) {
      const m = /^<!DOCTYPE\s+([^\s>[]+)/.exec(head.slice(i));
      return m?.[1]?.split(':').pop();
    } else if (head[i] === '<') {
      const m = /^<([^\s/>]+)/.exec(head.slice(i));
      return m?.[1]?.split(':').pop();
    } else return undefined;
  }
}

const MODUS_ROOTS = new Set(['ModusResult', 'ModusSubmit']);

export const modusKindInfo: KindInfo = {
  id: 'modus-result',
  title: 'Modus v1 soil test result (ModusResult XML, POST /v2/soil/modus/result)',
  can: { streams: true, text: false, fixes: true, fixesByStatement: false, records: true },

  detect(file: InputFile): number {
    const ext = extensionOf(file.name);
    const root = sniffRootElement(file.bytes);
    if (root !== undefined && MODUS_ROOTS.has(root)) return ext === 'xml' ? 10 : 8;
    // Another XML file named .xml: ours at the lowest score, so it is reported as not a Modus file
    // rather than not recognised at all.
    return ext === 'xml' ? 1 : 0;
  },
};
