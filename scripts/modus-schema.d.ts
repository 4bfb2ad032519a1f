// Types of scripts/modus-schema.js for the test that checks the committed Modus schema data is current.

/** The folder of the XSDs the data is made from: core/modus/xsd/. */
export const xsdDirectory: string;
/** Where the generated module is written: core/modus/modus-schema-data.ts. */
export const outputPath: string;
/** The generated module's text, made from the XSDs in `directory` (core/modus/xsd/ by default). */
export function modusSchemaModule(directory?: string): string;
