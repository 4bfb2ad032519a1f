/**
 * A compact map from 53-bit hashes to a row number and a 32-bit payload, in typed arrays (open addressing,
 * linear probing): 16 bytes an entry instead of a Map entry with a boxed key, so the checks across rows of
 * a batch with millions of rows stay small.
 */
export class RowHashTable {
  private hi = new Int32Array(1024);
  private lo = new Int32Array(1024);
  /** Row + 1 (0 = empty slot). */
  private rows = new Int32Array(1024);
  private payloads = new Int32Array(1024);
  /** A second 32-bit payload (a field's feature), allocated by the first `add` that gives one. */
  private extras: Int32Array | undefined;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The row and payload (and the second payload, when the table keeps them) stored for `hash`, or undefined. */
  get(hash: number): { row: number; payload: number; extra?: number } | undefined {
    const at = this.find(hash);
    const row = this.rows[at] as number;
    if (row === 0) return undefined;
    const found = { row: row - 1, payload: this.payloads[at] as number };
    return this.extras ? { ...found, extra: this.extras[at] as number } : found;
  }

  /** Store `row`, `payload` and `extra` for `hash` unless it is there; the first row stays. */
  add(hash: number, row: number, payload = 0, extra?: number): void {
    if ((this.count + 1) * 2 > this.rows.length) this.grow();
    const at = this.find(hash);
    if (this.rows[at] !== 0) return;
    this.hi[at] = Math.floor(hash / 0x100000000) | 0;
    this.lo[at] = hash | 0;
    this.rows[at] = row + 1;
    this.payloads[at] = payload | 0;
    if (extra !== undefined) (this.extras ??= new Int32Array(this.rows.length))[at] = extra | 0;
    this.count++;
  }

  private find(hash: number): number {
    const hi = Math.floor(hash / 0x100000000) | 0;
    const lo = hash | 0;
    const mask = this.rows.length - 1;
    let at = (Math.imul(lo ^ hi, 0x9e3779b1) >>> 0) & mask;
    while (this.rows[at] !== 0 && (this.lo[at] !== lo || this.hi[at] !== hi)) at = (at + 1) & mask;
    return at;
  }

  private grow(): void {
    const { hi, lo, rows, payloads, extras } = this;
    const size = rows.length * 2;
    this.hi = new Int32Array(size);
    this.lo = new Int32Array(size);
    this.rows = new Int32Array(size);
    this.payloads = new Int32Array(size);
    this.extras = extras && new Int32Array(size);
    this.count = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as number;
      if (row === 0) continue;
      const hash = (hi[i] as number) * 0x100000000 + ((lo[i] as number) >>> 0);
      this.add(hash, row - 1, payloads[i] as number, extras?.[i]);
    }
  }
}
