/** Shared by the rx rule tests: run the prescription checks with one rule selected. */
import type { Diagnostic } from '../../core/diagnostics/diagnostic.ts';
import { validateRx, type ValidateRxOptions } from '../../core/rx/validate-rx.ts';

export function only(
  code: string,
  zip: Uint8Array,
  options: Omit<ValidateRxOptions, 'selection'> = {},
): Diagnostic[] {
  return validateRx(zip, { ...options, selection: { select: [code] } }).diagnostics;
}

/** messageId, location pairs: what the rule tests compare. */
export function brief(
  ds: Diagnostic[],
): { messageId: string; severity: string; location: Diagnostic['location'] }[] {
  return ds.map((d) => ({ messageId: d.messageId, severity: d.severity, location: d.location }));
}
