/**
 * `fieldgate/rx`: prescription ZIPs (a zones shapefile) on their own: the member, projection and zone checks
 * `validate` runs on a prescription ZIP, without the engine and the other kinds.
 */
export { validateRx, type RxValidation, type ValidateRxOptions } from '../rx/validate-rx.ts';
