/** Keeps secrets (client secret, API key, access tokens, sharing keys) out of every message the client makes. */

const REDACTED = '[redacted]';

export class Secrets {
  private readonly values = new Set<string>();

  /** Remember a secret; short values are ignored (they would redact ordinary words). */
  add(value: string | undefined): void {
    if (value !== undefined && value.length >= 4) {
      this.values.add(value);
      this.values.add(encodeURIComponent(value));
    }
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of [...this.values].sort((a, b) => b.length - a.length)) {
      out = out.split(secret).join(REDACTED);
    }
    return out;
  }
}
