/**
 * `fieldgate/modus`: Modus soil test results (XML) on their own: the schema, semantic and service checks
 * `validate` runs on a Modus file, streamed in chunks or given whole, without the engine and the other kinds.
 */
export {
  validateModus,
  ModusValidator,
  type ModusValidationOptions,
  type ModusValidationResult,
} from '../modus/validate-modus.ts';
