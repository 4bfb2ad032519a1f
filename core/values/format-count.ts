/**
 * Counts for people, grouped in threes ("100,000"). Not `toLocaleString()`: its first call in a page loads
 * ICU's number data, 12-40 ms on the main thread here (more on a cold disk), and it came in the middle of a
 * batch being checked (the app), or in the middle of a validation (the worker). Fieldgate's text is English;
 * so are its numbers.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  if (whole.includes('e')) return String(n);
  let grouped = '';
  for (let end = whole.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = grouped ? `${whole.slice(start, end)},${grouped}` : whole.slice(start, end);
  }
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
