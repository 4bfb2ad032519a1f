/**
 * Which kind a file is, content first: the same bytes give the same kind whatever the file is called
 * (stdin, no extension, a misleading one). Each kind's detector is asked twice, once about the bytes alone
 * (no name) and once with the name; the name only breaks ties between kinds the content fits equally, and
 * decides alone only when the content fits no kind at all, and then a text kind only for a file that is
 * text.
 */
import { extensionOf, notTextReason, type FileKind, type InputFile } from '../input/file-kind.ts';

/** Which kind was chosen for a file, and why: reports carry it as `detectedAs`. */
export interface DetectedAs {
  kind: string;
  /** One sentence: what in the file decided. */
  reason: string;
  /** Other kinds the file could be read as, best first; `--kind NAME` picks one. */
  alternatives: string[];
}

export interface KindDetection {
  kind: FileKind;
  detectedAs: DetectedAs;
}

interface Scored {
  kind: FileKind;
  content: number;
  named: number;
  order: number;
}

/** The kind of a file, or undefined when neither its content nor its name fits any kind. */
export function detectKind(file: InputFile, kinds: readonly FileKind[]): KindDetection | undefined {
  const anonymous: InputFile = { name: '', bytes: file.bytes };
  const scored: Scored[] = kinds.map((kind, order) => ({
    kind,
    content: kind.detect(anonymous),
    named: kind.detect(file),
    order,
  }));
  const ext = extensionOf(file.name);
  const byContent = scored
    .filter((s) => s.content > 0)
    .sort((a, b) => b.content - a.content || b.named - a.named || a.order - b.order);
  const best = byContent[0];
  if (best) {
    const tied = byContent.filter((s) => s.content === best.content && s !== best);
    // Kinds the content nearly fits, and the kind the name alone would have given.
    const near = byContent.filter((s) => s !== best && s.content >= best.content - 1).map((s) => s.kind.id);
    const byName = [...scored].sort((a, b) => b.named - a.named || a.order - b.order)[0];
    if (byName && byName.named > 0 && byName.kind !== best.kind && !near.includes(byName.kind.id))
      near.push(byName.kind.id);
    let reason = `its content fits ${best.kind.id} best (${best.kind.title})`;
    if (tied.length > 0) {
      const others = tied.map((s) => s.kind.id).join(', ');
      reason =
        `its content fits ${best.kind.id} and ${others} equally; ` +
        (best.named > (tied[0]?.named ?? 0) && ext !== ''
          ? `the extension .${ext} chose ${best.kind.id}`
          : `${best.kind.id} comes first`) +
        `; choose another with the kind option (--kind)`;
    } else if (near.length > 0) {
      reason += `; it could also be read as ${near.join(' or ')} (kind option: ${near[0]}; --kind ${near[0]})`;
    }
    return { kind: best.kind, detectedAs: { kind: best.kind.id, reason, alternatives: near } };
  }
  // A name is no reason to read bytes that are not text as text (random bytes called .csv).
  const text = notTextReason(file.bytes) === undefined;
  const named = scored
    .filter((s) => s.named > 0 && (text || s.kind.binary))
    .sort((a, b) => b.named - a.named || a.order - b.order);
  const chosen = named[0];
  if (!chosen) return undefined;
  return {
    kind: chosen.kind,
    detectedAs: {
      kind: chosen.kind.id,
      reason: `its content fits no kind; the extension .${ext} says ${chosen.kind.id}`,
      alternatives: named.slice(1).map((s) => s.kind.id),
    },
  };
}

/** Detection for a kind chosen by the caller (`--kind`). */
export function chosenKind(kind: FileKind): KindDetection {
  return {
    kind,
    detectedAs: { kind: kind.id, reason: 'chosen with the kind option (--kind)', alternatives: [] },
  };
}
