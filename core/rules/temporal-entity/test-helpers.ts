import { checkTemporalEntityText } from './check-temporal-entity.ts';

export const ID_A = '6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11';
export const ID_B = '0b7e9f51-2c1d-4a8e-8f3b-7d6c5b4a3f20';

/** Diagnostics of one rule for a temporalEntity given as a JS object (or raw JSON text). */
export function diagnosticsOf(code: string, entity: unknown) {
  const text = typeof entity === 'string' ? entity : JSON.stringify(entity, null, 2);
  return checkTemporalEntityText(text, { select: [code] });
}
