/**
 * The OpenAPI documents: their generated types are up to date, every schema compiles, every operation has a
 * sandbox handler, every "not shown" gap of the specification is answered in docs/assumptions.md with an id
 * that the YAML marks, and the contract validator itself catches what it should.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsShared, sharedPath } from '../support/corpus.ts';
import { generatedDocuments, generateTypes } from '../../openapi/generate.ts';
import { handlers } from '../../sandbox/handlers/index.ts';
import { loadOpenApiDocuments, Router } from '../../sandbox/openapi-routes.ts';
import type { RecordedExchange } from '../../sandbox/server.ts';
import { ContractValidator } from './contract.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(resolve(repoRoot, path), 'utf8');

describe('generated types', () => {
  it.each(generatedDocuments.map((d) => [d.target.pathname.split('/').pop() ?? '', d] as const))(
    'openapi/generated/%s is up to date (node --import tsx openapi/generate.ts)',
    async (_name, doc) => {
      expect(readFileSync(doc.target, 'utf8')).toBe(await generateTypes(doc.source));
    },
  );
});

describe('the documents', () => {
  it('compile as JSON Schema 2020-12 with strict ajv', () => {
    expect(() => new ContractValidator().compileAll()).not.toThrow();
  });

  it('have a sandbox handler for every operation, and no handler without an operation', () => {
    const operations = new Set(new Router().routes.map((r) => r.operationId));
    expect([...operations].filter((id) => !handlers[id])).toEqual([]);
    expect(Object.keys(handlers).filter((id) => !operations.has(id))).toEqual([]);
  });
});

describe('docs/assumptions.md', () => {
  const assumptions = read('docs/assumptions.md');

  const specFile = needsShared('spec/service-interface.md');
  it.skipIf(specFile.missing)(specFile.title('quotes every "not shown" gap of the specification'), () => {
    const spec = readFileSync(sharedPath('spec/service-interface.md'), 'utf8');
    const gaps: string[] = [];
    for (let line of spec.split('\n')) {
      if (!line.includes('not shown')) continue;
      if (line.startsWith('|')) line = line.split('|').find((cell) => cell.includes('not shown')) ?? line;
      line = line.trim().replace(/^([-*]|\d+\.)\s+/, '');
      gaps.push(line.split(/(?<=\.)\s+/).find((sentence) => sentence.includes('not shown')) ?? line);
    }
    expect(gaps.length).toBeGreaterThanOrEqual(15);
    for (const gap of gaps) expect(assumptions, gap).toContain(`"${gap}"`);
  });

  it('lists exactly the assumption ids the YAML marks with x-assumption', () => {
    const ids = (text: string): string[] => [...new Set(text.match(/\bA\d{2}\b/g) ?? [])].sort();
    const notes: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'x-assumption' && typeof value === 'string') notes.push(value);
          else walk(value);
        }
      }
    };
    loadOpenApiDocuments().forEach(walk);
    const marked = ids(notes.join(' '));
    expect(marked.length).toBeGreaterThanOrEqual(30);
    const table = assumptions.split('\n').filter((l) => l.startsWith('|'));
    const listed = ids(table.map((l) => l.split('|').slice(-3, -2).join('')).join(' '));
    expect(listed).toEqual(marked);
  });
});

describe('the contract validator', () => {
  const validator = new ContractValidator();
  const base = (overrides: Partial<RecordedExchange>): RecordedExchange => ({
    requestId: 'r',
    api: 'v5',
    method: 'GET',
    url: '/partner/v5/experiments?experimentEnrollmentId=2b20e6e3-6af9-4f55-ae24-e0208e3dc6fd',
    requestHeaders: { authorization: 'Bearer t', 'x-api-key': 'k' },
    requestBody: new Uint8Array(0),
    processed: true,
    ...overrides,
  });
  const response = (
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): RecordedExchange['response'] => ({
    status,
    headers: { 'x-http-request-id': 'id', 'content-type': 'application/json', ...headers },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });

  it('accepts a conforming exchange', () => {
    const report = validator.check(base({ response: response(200, { results: [] }) }));
    expect(report).toMatchObject({
      operationId: 'findExperiments',
      requestProblems: [],
      responseProblems: [],
    });
  });

  it('reports bodies, headers and statuses the document does not allow', () => {
    expect(validator.check(base({ response: response(200, { result: [] }) })).responseProblems[0]).toContain(
      'results',
    );
    expect(
      validator.check(base({ response: response(418, { message: 'x' }) })).responseProblems[0],
    ).toContain('418');
    const noId = base({
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode('{"results":[]}'),
      },
    });
    expect(validator.check(noId).responseProblems.join()).toContain('X-Http-Request-Id');
    const unavailable = validator.check(
      base({ response: response(503, { message: 'Service Unavailable' }) }),
    );
    expect(unavailable.responseProblems.join()).toContain('Retry-After');
  });

  it('reports invalid requests, and an invalid request answered 2xx as a violation', () => {
    const report = validator.check(
      base({
        url: '/partner/v5/experiments?experimentEnrollmentId=nope',
        response: response(200, { results: [] }),
      }),
    );
    expect(report.requestProblems[0]).toContain('experimentEnrollmentId');
    expect(report.responseProblems.join()).toContain('accepted (200)');
    const noCredentials = validator.check(
      base({
        requestHeaders: {},
        response: response(401, { message: 'Unauthorized' }, { 'www-authenticate': 'Bearer' }),
      }),
    );
    expect(noCredentials.requestProblems.join()).toContain('credentials');
    expect(noCredentials.responseProblems).toEqual([]);
  });

  it('reports a 500 that no fault injected', () => {
    const report = validator.check(
      base({ response: response(500, { 'error-code': 'internal-error', message: 'x' }) }),
    );
    expect(report.responseProblems.join()).toContain('without an injected fault');
    expect(
      validator.check(
        base({ fault: 'error', response: response(500, { 'error-code': 'internal-error', message: 'x' }) }),
      ).responseProblems,
    ).toEqual([]);
  });
});
