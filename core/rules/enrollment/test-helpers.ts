import { readJson } from '../../json/read-json.ts';
import { checkRequestDocument } from '../../requests/check-request.ts';
import { DiagnosticCollector } from '../reporter.ts';

export const PROTOCOL = '3f1c2a9e-8b7d-4c6e-9f00-1a2b3c4d5e6f';
export const EXPERIMENT = '9d2e4c1b-7a6f-4e3d-8c2b-1a0f9e8d7c6b';
export const LOCATION = '5b8c7d6e-1f2a-4b3c-9d4e-5f6a7b8c9d0e';
export const ENROLLMENT = 'c0ffee00-1234-4abc-8def-0123456789ab';
export const EXP_ENROLLMENT = 'e1e2e3e4-f5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const SEASON = {
  dimensionality: 'INDIVIDUAL',
  id: '6a3a0e0c-5b1e-4d55-9b1f-1f0f3c2b9a11',
  temporalPeriodTypeName: 'GrowingSeason',
};

export const programCreate = (body: object = { experimentProtocolId: PROTOCOL, temporalEntity: SEASON }) => ({
  method: 'POST',
  path: '/v5/enrollments',
  headers: { 'x-enrollment-type': 'program' },
  body,
});

export const locationCreate = (
  body: object = {
    experimentId: EXPERIMENT,
    experimentLocationStatus: 'NOMINATED',
    locationId: LOCATION,
    temporalEntity: SEASON,
  },
) => ({ method: 'POST', path: '/v5/enrollments', headers: { 'x-enrollment-type': 'location' }, body });

/** Diagnostics of the selected rules for a request file given as a value (or raw JSON text). */
export function check(select: string, doc: unknown) {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2);
  const read = readJson(text);
  if (!read.root) return read.diagnostics;
  const collector = new DiagnosticCollector({ select: [select] });
  checkRequestDocument(read.root, read.lines, collector);
  return collector.diagnostics;
}
