import { checkFieldUploadText } from '../../fields/check-field-upload.ts';

const SQUARE = 'POLYGON((-93.1 45.1, -93.09 45.1, -93.09 45.11, -93.1 45.11, -93.1 45.1))';

export const field = (over: Record<string, unknown> = {}) => ({
  clientName: 'Smith Farms',
  farmName: 'Home',
  name: 'North 40',
  boundary: SQUARE,
  ...over,
});

/** Diagnostics of one rule for an upload body given as a value or as JSON text. */
export function check(code: string, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return checkFieldUploadText(text, { selection: { select: [code] } });
}
