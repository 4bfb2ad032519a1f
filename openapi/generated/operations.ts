/**
 * Generated from openapi/partner-service.yaml by openapi/generate-operations.ts.
 * Do not edit: run node --import tsx openapi/generate.ts
 */

/** One parameter of an operation (path, query or header). */
export interface OperationParameter {
  readonly name: string;
  readonly required: boolean;
  /** The allowed values, when the schema is an enum. */
  readonly values?: readonly string[];
}

/** One shape a request body may take (a oneOf/anyOf alternative, or the schema itself). */
export interface BodyVariant {
  /** The schema name under components.schemas (absent for an inline schema). */
  readonly schema?: string;
  readonly fields: readonly string[];
  readonly required: readonly string[];
}

export interface OperationBody {
  readonly required: boolean;
  readonly contentType: string;
  /** The schema name under components.schemas (absent for an inline schema). */
  readonly schema?: string;
  readonly variants: readonly BodyVariant[];
}

export interface OperationSpec {
  readonly operationId: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';
  /** The server variable of the operation's base address (auth_url, base_url, legacy_base_url, sandbox_url). */
  readonly server: string;
  /** That variable's default address (the sandbox's). */
  readonly serverDefault: string;
  /** The path template, relative to the server ("/v5/enrollments/{enrollmentId}"). */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly query: readonly OperationParameter[];
  /** Header parameters as the document names them (the API key header is in apiKeyHeader). */
  readonly headers: readonly OperationParameter[];
  readonly body?: OperationBody;
  /** The alternatives of the operation's security requirement: scheme name → scopes. */
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  /** OAuth 2.0 scopes the first alternative needs. */
  readonly scopes: readonly string[];
  /** The header of the API key the first alternative needs. */
  readonly apiKeyHeader?: string;
  /** Declared response statuses, ascending. */
  readonly responses: readonly number[];
  readonly deprecated: boolean;
  /** Set when this operation is another one at a second path (the same method, path and a trailing slash). */
  readonly sameAs?: string;
}

export const serviceOperations = {
  requestToken: {"operationId":"requestToken","method":"POST","server":"auth_url","serverDefault":"http://127.0.0.1:4010","path":"/api/oauth/token","pathParams":[],"query":[],"headers":[],"body":{"required":true,"contentType":"application/x-www-form-urlencoded","schema":"TokenRequest","variants":[{"schema":"TokenRequest","fields":["grant_type","scope","client_id","client_secret"],"required":["grant_type"]}]},"security":[{"clientBasic":[]},{}],"scopes":[],"responses":[200,400,401,413,429,500,502,503],"deprecated":false},
  listEnrollments: {"operationId":"listEnrollments","method":"GET","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/enrollments","pathParams":[],"query":[{"name":"experimentProtocolId","required":false},{"name":"experimentId","required":false}],"headers":[{"name":"x-enrollment-type","required":true,"values":["program","location"]},{"name":"X-Limit","required":false},{"name":"X-Next-Token","required":false}],"security":[{"oauth2":["enrollments"],"apiKey":[]}],"scopes":["enrollments"],"apiKeyHeader":"x-api-key","responses":[200,206,304,400,401,403,429,500,502,503],"deprecated":false},
  createEnrollment: {"operationId":"createEnrollment","method":"POST","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/enrollments","pathParams":[],"query":[],"headers":[{"name":"x-enrollment-type","required":true,"values":["program","location"]}],"body":{"required":true,"contentType":"application/json","schema":"CreateEnrollmentRequest","variants":[{"schema":"CreateEnrollmentByProgramRequest","fields":["experimentProtocolId","temporalEntity"],"required":["experimentProtocolId","temporalEntity"]},{"schema":"CreateEnrollmentByLocationRequest","fields":["experimentId","experimentLocationStatus","locationId","temporalEntity"],"required":["experimentId","experimentLocationStatus","locationId","temporalEntity"]}]},"security":[{"oauth2":["enrollments"],"apiKey":[]}],"scopes":["enrollments"],"apiKeyHeader":"x-api-key","responses":[201,400,401,403,409,413,429,500,502,503],"deprecated":false},
  listEnrollmentsWithSlash: {"operationId":"listEnrollmentsWithSlash","method":"GET","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/enrollments/","pathParams":[],"query":[{"name":"experimentProtocolId","required":false},{"name":"experimentId","required":false}],"headers":[{"name":"x-enrollment-type","required":true,"values":["program","location"]},{"name":"X-Limit","required":false},{"name":"X-Next-Token","required":false}],"security":[{"oauth2":["enrollments"],"apiKey":[]}],"scopes":["enrollments"],"apiKeyHeader":"x-api-key","responses":[200,206,304,400,401,403,429,500,502,503],"deprecated":false,"sameAs":"listEnrollments"},
  getEnrollment: {"operationId":"getEnrollment","method":"GET","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/enrollments/{enrollmentId}","pathParams":["enrollmentId"],"query":[],"headers":[{"name":"x-enrollment-type","required":true,"values":["program","location"]}],"security":[{"oauth2":["enrollments"],"apiKey":[]}],"scopes":["enrollments"],"apiKeyHeader":"x-api-key","responses":[200,400,401,403,404,429,500,502,503],"deprecated":false},
  updateEnrollment: {"operationId":"updateEnrollment","method":"PUT","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/enrollments/{enrollmentId}","pathParams":["enrollmentId"],"query":[],"headers":[{"name":"x-enrollment-type","required":true,"values":["program","location"]}],"body":{"required":true,"contentType":"application/json","schema":"UpdateEnrollmentRequest","variants":[{"schema":"UpdateEnrollmentByProgramRequest","fields":["experimentProtocolId","temporalEntity"],"required":[]},{"schema":"UpdateEnrollmentByLocationRequest","fields":["experimentId","experimentLocationStatus","locationId","temporalEntity"],"required":[]}]},"security":[{"oauth2":["enrollments"],"apiKey":[]}],"scopes":["enrollments"],"apiKeyHeader":"x-api-key","responses":[200,400,401,403,404,409,413,429,500,502,503],"deprecated":false},
  removeEnrollment: {"operationId":"removeEnrollment","method":"DELETE","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/enrollments/{enrollmentId}","pathParams":["enrollmentId"],"query":[],"headers":[{"name":"x-enrollment-type","required":true,"values":["program","location"]}],"security":[{"oauth2":["enrollments"],"apiKey":[]}],"scopes":["enrollments"],"apiKeyHeader":"x-api-key","responses":[204,400,401,403,404,429,500,502,503],"deprecated":false},
  findExperiments: {"operationId":"findExperiments","method":"GET","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/experiments","pathParams":[],"query":[{"name":"experimentEnrollmentId","required":true}],"headers":[],"security":[{"oauth2":["experiments"],"apiKey":[]}],"scopes":["experiments"],"apiKeyHeader":"x-api-key","responses":[200,400,401,403,429,500,502,503],"deprecated":false},
  createExperiment: {"operationId":"createExperiment","method":"POST","server":"base_url","serverDefault":"http://127.0.0.1:4010/partner","path":"/v5/experiments","pathParams":[],"query":[],"headers":[],"body":{"required":true,"contentType":"application/json","schema":"CreateExperimentRequest","variants":[{"schema":"CreateExperimentRequest","fields":["experimentEnrollmentId","name","temporalEntity"],"required":["experimentEnrollmentId","name","temporalEntity"]}]},"security":[{"oauth2":["experiments"],"apiKey":[]}],"scopes":["experiments"],"apiKeyHeader":"x-api-key","responses":[201,400,401,403,409,413,429,500,502,503],"deprecated":false},
  getAgronomicDataUrlsV2: {"operationId":"getAgronomicDataUrlsV2","method":"GET","server":"legacy_base_url","serverDefault":"http://127.0.0.1:4010/api/partnerapis","path":"/v2/agronomic-data","pathParams":[],"query":[{"name":"sharingKey","required":true},{"name":"resourceType","required":true,"values":["application/vnd.oada.pp.as-planted","application/vnd.oada.pp.as-applied","application/vnd.oada.pp.as-harvested"]}],"headers":[],"security":[{"oauth2":["partnerapis"]}],"scopes":["partnerapis"],"responses":[200,400,401,403,429,500,502,503],"deprecated":true},
  getAgronomicDataResultsV3: {"operationId":"getAgronomicDataResultsV3","method":"GET","server":"legacy_base_url","serverDefault":"http://127.0.0.1:4010/api/partnerapis","path":"/v3/agronomic-data","pathParams":[],"query":[{"name":"sharingKey","required":true},{"name":"resourceType","required":true,"values":["application/vnd.oada.pp.as-planted","application/vnd.oada.pp.as-applied","application/vnd.oada.pp.as-harvested"]}],"headers":[],"security":[{"oauth2":["partnerapis"]}],"scopes":["partnerapis"],"responses":[200,400,401,403,429,500,502,503],"deprecated":true},
  uploadFieldsV2: {"operationId":"uploadFieldsV2","method":"POST","server":"legacy_base_url","serverDefault":"http://127.0.0.1:4010/api/partnerapis","path":"/v2/fields","pathParams":[],"query":[],"headers":[{"name":"X-User-Name","required":true}],"body":{"required":true,"contentType":"application/json","schema":"FieldsWithBoundaryAndHierarchy","variants":[{"schema":"FieldsWithBoundaryAndHierarchy","fields":["fields"],"required":["fields"]}]},"security":[{"oauth2":["partnerapis"]}],"scopes":["partnerapis"],"responses":[200,400,401,403,413,429,500,502,503],"deprecated":true},
  uploadRxV2: {"operationId":"uploadRxV2","method":"POST","server":"legacy_base_url","serverDefault":"http://127.0.0.1:4010/api/partnerapis","path":"/v2/rx","pathParams":[],"query":[],"headers":[{"name":"X-User-Name","required":true}],"body":{"required":true,"contentType":"multipart/form-data","schema":"RxUpload","variants":[{"schema":"RxUpload","fields":["file"],"required":["file"]}]},"security":[{"oauth2":["partnerapis"]}],"scopes":["partnerapis"],"responses":[200,400,401,403,413,429,500,502,503],"deprecated":true},
  uploadModusResultV2: {"operationId":"uploadModusResultV2","method":"POST","server":"legacy_base_url","serverDefault":"http://127.0.0.1:4010/api/partnerapis","path":"/v2/soil/modus/result","pathParams":[],"query":[{"name":"sampleDate","required":true}],"headers":[{"name":"X-User-Name","required":true}],"body":{"required":true,"contentType":"multipart/form-data","schema":"ModusUpload","variants":[{"schema":"ModusUpload","fields":["file"],"required":["file"]}]},"security":[{"oauth2":["partnerapis"]}],"scopes":["partnerapis"],"responses":[200,400,401,403,413,429,500,502,503],"deprecated":false},
} as const satisfies Readonly<Record<string, OperationSpec>>;
