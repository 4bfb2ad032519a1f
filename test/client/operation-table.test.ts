/**
 * One table of operations: the committed tables are what the generator makes of the OpenAPI documents now, and
 * the request rules, the sandbox's routes and the table agree (every operation routed and handled, every
 * operation a request file can hold recognised by the rules under its operationId, every body field the rules
 * know is a field of the document's body schema).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedTables } from '../../openapi/generate.ts';
import { generateOperationTable } from '../../openapi/generate-operations.ts';
import { serviceOperations, type OperationSpec } from '../../openapi/generated/operations.ts';
import { sandboxOperations } from '../../openapi/generated/sandbox-operations.ts';
import {
  BODY_FIELDS,
  ENROLLMENT_TYPES,
  LIST_QUERY_FOR_TYPE,
  OPERATION_SUMMARY,
  isEnrollmentOperation,
  isLegacyOperation,
  matchOperation,
  type OperationId,
} from '../../core/requests/operations.ts';
import { ServiceClient } from '../../core/client/index.ts';
import { handlers } from '../../sandbox/handlers/index.ts';
import { Router } from '../../sandbox/openapi-routes.ts';

const ENROLLMENT = 'c5e3f0a2-4a51-4f6e-9d8b-0f1e2d3c4b5a';
const specs = Object.values(serviceOperations);

function concretePath(path: string): string {
  return path.replace(/\{\w+\}/g, ENROLLMENT);
}

describe('the generated operation tables', () => {
  it.each(generatedTables.map((t) => [t.target.pathname.split('/').pop() ?? '', t] as const))(
    'openapi/generated/%s is up to date (node --import tsx openapi/generate.ts)',
    async (_name, table) => {
      expect(readFileSync(table.target, 'utf8')).toBe(
        await generateOperationTable(table.source, table.exportName, table.typesFrom),
      );
    },
  );

  it('hold every operation of both documents by its operationId, with what the client needs', () => {
    expect(Object.keys(serviceOperations)).toEqual([
      'requestToken',
      'listEnrollments',
      'createEnrollment',
      'listEnrollmentsWithSlash',
      'getEnrollment',
      'updateEnrollment',
      'removeEnrollment',
      'findExperiments',
      'createExperiment',
      'getAgronomicDataUrlsV2',
      'getAgronomicDataResultsV3',
      'uploadFieldsV2',
      'uploadRxV2',
      'uploadModusResultV2',
    ]);
    expect(serviceOperations.updateEnrollment).toMatchObject({
      method: 'PUT',
      server: 'base_url',
      path: '/v5/enrollments/{enrollmentId}',
      pathParams: ['enrollmentId'],
      headers: [{ name: 'x-enrollment-type', required: true, values: ['program', 'location'] }],
      scopes: ['enrollments'],
      apiKeyHeader: 'x-api-key',
    });
    expect(serviceOperations.uploadModusResultV2).toMatchObject({
      server: 'legacy_base_url',
      query: [{ name: 'sampleDate', required: true }],
      headers: [{ name: 'X-User-Name', required: true }],
      body: { contentType: 'multipart/form-data', variants: [{ fields: ['file'] }] },
      scopes: ['partnerapis'],
    });
    expect(serviceOperations.listEnrollmentsWithSlash.sameAs).toBe('listEnrollments');
    expect(Object.keys(sandboxOperations)).toContain('getSandboxSeed');
  });
});

describe('the sandbox and the table', () => {
  const router = new Router();
  it('routes and handles every operation of the table, and nothing else', () => {
    const routed = router.routes.map((r) => r.operationId).sort();
    expect(routed).toEqual([...Object.keys(serviceOperations), ...Object.keys(sandboxOperations)].sort());
    expect(routed.filter((id) => !handlers[id])).toEqual([]);
  });

  it('finds each operation at its mounted path', () => {
    for (const spec of specs) {
      const mount = new URL(spec.serverDefault).pathname.replace(/\/$/, '');
      const match = router.match(spec.method, mount + concretePath(spec.path));
      expect(match.kind === 'found' ? match.route.operationId : match.kind, spec.operationId).toBe(
        spec.operationId,
      );
    }
  });
});

describe('the request rules and the table', () => {
  it('recognise every operation a request file can hold, under its operationId', () => {
    for (const spec of specs) {
      if (spec.server === 'auth_url') continue;
      const base = spec.server === 'legacy_base_url' ? '/api/partnerapis' : '';
      const expected = 'sameAs' in spec ? spec.sameAs : spec.operationId;
      expect(matchOperation(spec.method, base + concretePath(spec.path))?.id, spec.operationId).toBe(
        expected,
      );
      // An absolute address on another host, as a request file may write it.
      expect(
        matchOperation(spec.method, `https://api.example.test/base${base}${concretePath(spec.path)}?a=1`)?.id,
      ).toBe(expected);
    }
    expect(matchOperation('POST', '/api/oauth/token')).toBeUndefined();
    expect(matchOperation('PATCH', `/v5/enrollments/${ENROLLMENT}`)).toBeUndefined();
    expect(matchOperation('PUT', '/v5/enrollments')).toEqual({ id: 'updateEnrollment', enrollmentId: '' });
    expect(matchOperation('GET', `/v5/enrollments/${ENROLLMENT}/`)).toEqual({
      id: 'getEnrollment',
      enrollmentId: ENROLLMENT,
    });
  });

  it('know exactly the body fields of the document, per enrollment type', () => {
    const variant = (id: OperationId, schema: string): readonly string[] =>
      (serviceOperations[id] as OperationSpec).body?.variants.find((v) => v.schema === schema)?.fields ?? [];
    expect(BODY_FIELDS.program).toEqual(variant('createEnrollment', 'CreateEnrollmentByProgramRequest'));
    expect(BODY_FIELDS.program).toEqual(variant('updateEnrollment', 'UpdateEnrollmentByProgramRequest'));
    expect(BODY_FIELDS.location).toEqual(variant('createEnrollment', 'CreateEnrollmentByLocationRequest'));
    expect(BODY_FIELDS.location).toEqual(variant('updateEnrollment', 'UpdateEnrollmentByLocationRequest'));
    expect(BODY_FIELDS.experiment).toEqual(variant('createExperiment', 'CreateExperimentRequest'));
    expect([...BODY_FIELDS.program].sort()).toEqual(['experimentProtocolId', 'temporalEntity']);
  });

  it('take the list query parameters and the enrollment header from the table', () => {
    const listQuery = serviceOperations.listEnrollments.query.map((q) => q.name);
    for (const type of ENROLLMENT_TYPES) expect(listQuery).toContain(LIST_QUERY_FOR_TYPE[type]);
    expect(serviceOperations.listEnrollments.headers[0]?.values).toEqual([...ENROLLMENT_TYPES]);
    const enrollmentOps = specs
      .filter((s) => isEnrollmentOperation(s.operationId as OperationId))
      .map((s) => s.operationId);
    expect(enrollmentOps).toEqual([
      'listEnrollments',
      'createEnrollment',
      'listEnrollmentsWithSlash',
      'getEnrollment',
      'updateEnrollment',
      'removeEnrollment',
    ]);
    expect(specs.filter((s) => isLegacyOperation(s.operationId as OperationId))).toHaveLength(5);
    expect(OPERATION_SUMMARY).toContain('GET|PUT|DELETE /v5/enrollments/{enrollmentId}');
    expect(OPERATION_SUMMARY).toContain('POST /v2/soil/modus/result');
  });
});

describe('the client and the table', () => {
  it('has a typed method for every operation (the token request is made by the client itself)', () => {
    const methods = new Set(Object.getOwnPropertyNames(ServiceClient.prototype));
    const missing = specs
      .filter((s) => s.operationId !== 'requestToken' && !('sameAs' in s))
      .map((s) => s.operationId)
      .filter((id) => !methods.has(id));
    expect(missing).toEqual([]);
    expect(methods.has('checkCredentials')).toBe(true);
  });
});
