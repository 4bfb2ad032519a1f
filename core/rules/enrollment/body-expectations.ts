import { BODY_FIELDS } from '../../requests/operations.ts';
import { enrollmentTypeOf, type RequestSubject } from '../../requests/request-subject.ts';

/** The body fields an operation takes, or undefined when the operation takes no body or its type is unknown. */
export function expectedBodyFields(request: RequestSubject): readonly string[] | undefined {
  const op = request.operation?.id;
  if (op === 'createExperiment') return BODY_FIELDS.experiment;
  if (op === 'createEnrollment' || op === 'updateEnrollment') {
    const type = enrollmentTypeOf(request);
    return type ? BODY_FIELDS[type] : undefined;
  }
  return undefined;
}

export function operationLabel(request: RequestSubject): string {
  const op = request.operation?.id;
  const type = enrollmentTypeOf(request);
  switch (op) {
    case 'createEnrollment':
      return `create enrollment by ${type ?? '?'}`;
    case 'updateEnrollment':
      return `update enrollment by ${type ?? '?'}`;
    case 'createExperiment':
      return 'create experiment';
    default:
      return op ?? 'request';
  }
}
