/**
 * Byte ranges of a file's lines, found without decoding it. The problem list selects lines one after another
 * (arrow keys, End): each lookup used to count line breaks from the start of the file, 11 ms for the last
 * row of a 100,000-row batch. The start of every 256th line is kept per file (a WeakMap on its bytes: an
 * edit makes new bytes), so a lookup counts at most 256 line breaks after the first reaches that far.
 */
const CHECKPOINT_EVERY = 256;
const checkpointsOf = new WeakMap<Uint8Array, number[]>();

/** Where the line after `count` more line breaks starts, from `from`; undefined when the file has fewer. */
function skipLines(bytes: Uint8Array, from: number, count: number): number | undefined {
  let start = from;
  for (let n = 0; n < count; n++) {
    const next = bytes.indexOf(10, start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  return start;
}

/** The file's checkpoints: checkpoints[k] is where line k * CHECKPOINT_EVERY + 1 starts. */
function checkpointsFor(bytes: Uint8Array): number[] {
  let checkpoints = checkpointsOf.get(bytes);
  if (!checkpoints) checkpointsOf.set(bytes, (checkpoints = [0]));
  return checkpoints;
}

/** Add up to `most` checkpoints towards the one of `wanted`; whether the file has no more lines to add. */
function addCheckpoints(bytes: Uint8Array, checkpoints: number[], wanted: number, most: number): boolean {
  for (let added = 0; checkpoints.length <= wanted && added < most; added++) {
    const next = skipLines(bytes, checkpoints[checkpoints.length - 1]!, CHECKPOINT_EVERY);
    if (next === undefined) return true;
    checkpoints.push(next);
  }
  return false;
}

/** Byte offsets [start, end) of a 1-based line (without its line break), or undefined past the last line. */
export function lineBytes(bytes: Uint8Array, line: number): [number, number] | undefined {
  if (!Number.isInteger(line) || line < 1) return undefined;
  const checkpoints = checkpointsFor(bytes);
  const wanted = Math.floor((line - 1) / CHECKPOINT_EVERY);
  addCheckpoints(bytes, checkpoints, wanted, Infinity);
  const k = Math.min(wanted, checkpoints.length - 1);
  const start = skipLines(bytes, checkpoints[k]!, line - 1 - k * CHECKPOINT_EVERY);
  if (start === undefined) return undefined;
  let end = bytes.indexOf(10, start);
  if (end < 0) end = bytes.length;
  if (end > start && bytes[end - 1] === 13) end--;
  return [start, end];
}

/**
 * Checkpoints counted per turn by `lineBytesSoon`: some 50,000 lines, a few milliseconds. Counting the
 * million lines before the last row of a 130 MB batch in one go held the page for 80 ms.
 */
const CHECKPOINTS_PER_TURN = 200;

/**
 * `lineBytes`, with the line breaks before it counted a slice at a time, handing the thread back to the
 * page (`pause`) between slices; undefined past the last line, or when `signal` stops it first.
 */
export async function lineBytesSoon(
  bytes: Uint8Array,
  line: number,
  pause: () => Promise<void>,
  signal?: AbortSignal,
): Promise<[number, number] | undefined> {
  if (!Number.isInteger(line) || line < 1) return undefined;
  const checkpoints = checkpointsFor(bytes);
  const wanted = Math.floor((line - 1) / CHECKPOINT_EVERY);
  for (;;) {
    const ended = addCheckpoints(bytes, checkpoints, wanted, CHECKPOINTS_PER_TURN);
    if (ended || checkpoints.length > wanted) return lineBytes(bytes, line);
    await pause();
    if (signal?.aborted) return undefined;
  }
}
