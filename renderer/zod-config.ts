/**
 * Imported first by main.tsx, before any schema is built: the CSP allows no eval, and zod would otherwise
 * probe for it (`Function('')`, reported as a CSP violation) when it builds an object schema. A binding main
 * uses, not a bare import: the package is marked free of side effects, so a bare import would be dropped.
 */
import { z } from 'zod';

export const zodConfig = z.config({ jitless: true });
