import { jsonSyntax } from './json-syntax.ts';

export const jsonRules = [jsonSyntax] as const;
