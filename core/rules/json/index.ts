import { jsonDocumentUnrecognised } from './json-document-unrecognised.ts';
import { jsonSyntax } from './json-syntax.ts';

export const jsonRules = [jsonSyntax, jsonDocumentUnrecognised] as const;
