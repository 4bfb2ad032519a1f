/**
 * Generated from openapi/sandbox.yaml by openapi/generate-operations.ts.
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

export const sandboxOperations = {
  getSandboxSeed: {"operationId":"getSandboxSeed","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/seed","pathParams":[],"query":[],"headers":[],"security":[],"scopes":[],"responses":[200],"deprecated":false},
  getSandboxFaults: {"operationId":"getSandboxFaults","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/faults","pathParams":[],"query":[],"headers":[],"security":[],"scopes":[],"responses":[200],"deprecated":false},
  setSandboxFaults: {"operationId":"setSandboxFaults","method":"PUT","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/faults","pathParams":[],"query":[],"headers":[],"body":{"required":true,"contentType":"application/json","schema":"FaultSettings","variants":[{"schema":"FaultSettings","fields":["error-rate","reset-before-rate","reset-after-rate","latency-ms","rate","burst","quota","token-ttl","slow-body-rate","slow-body-ms","retry-after","seed"],"required":[]}]},"security":[],"scopes":[],"responses":[200,400],"deprecated":false},
  resetSandbox: {"operationId":"resetSandbox","method":"POST","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/reset","pathParams":[],"query":[],"headers":[],"security":[],"scopes":[],"responses":[204],"deprecated":false},
  getSandboxLog: {"operationId":"getSandboxLog","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/log","pathParams":[],"query":[{"name":"limit","required":false}],"headers":[],"security":[],"scopes":[],"responses":[200,400],"deprecated":false},
  listInbox: {"operationId":"listInbox","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/inbox","pathParams":[],"query":[{"name":"userName","required":false},{"name":"status","required":false,"values":["pending","confirmed","declined"]}],"headers":[],"security":[],"scopes":[],"responses":[200,400],"deprecated":false},
  confirmInboxItem: {"operationId":"confirmInboxItem","method":"POST","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/inbox/{itemId}/confirm","pathParams":["itemId"],"query":[],"headers":[],"security":[],"scopes":[],"responses":[200,404,409],"deprecated":false},
  declineInboxItem: {"operationId":"declineInboxItem","method":"POST","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/inbox/{itemId}/decline","pathParams":["itemId"],"query":[],"headers":[],"security":[],"scopes":[],"responses":[200,404,409],"deprecated":false},
  listNotifications: {"operationId":"listNotifications","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/notifications","pathParams":[],"query":[{"name":"userName","required":false}],"headers":[],"security":[],"scopes":[],"responses":[200],"deprecated":false},
  listSharingKeys: {"operationId":"listSharingKeys","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/sharing-keys","pathParams":[],"query":[],"headers":[],"security":[],"scopes":[],"responses":[200],"deprecated":false},
  createSharingKey: {"operationId":"createSharingKey","method":"POST","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/sharing-keys","pathParams":[],"query":[],"headers":[],"body":{"required":false,"contentType":"application/json","variants":[{"fields":["fieldNames"],"required":[]}]},"security":[],"scopes":[],"responses":[201,400],"deprecated":false},
  revokeSharingKey: {"operationId":"revokeSharingKey","method":"POST","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/sharing-keys/{sharingKey}/revoke","pathParams":["sharingKey"],"query":[],"headers":[],"security":[],"scopes":[],"responses":[200,404],"deprecated":false},
  downloadSharedFile: {"operationId":"downloadSharedFile","method":"GET","server":"sandbox_url","serverDefault":"http://127.0.0.1:4010/_sandbox","path":"/files/{fileId}","pathParams":["fileId"],"query":[{"name":"expires","required":true},{"name":"signature","required":true}],"headers":[],"security":[],"scopes":[],"responses":[200,403,404],"deprecated":false},
} as const satisfies Readonly<Record<string, OperationSpec>>;
