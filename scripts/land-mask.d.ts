// Types of scripts/land-mask.js for the test that checks the committed land mask is current.

/** Where the generated module is written: core/land/land-mask-data.ts. */
export const outputPath: string;
/** Cells per degree of the grid. */
export const CELLS_PER_DEGREE: number;
/** The 64 characters of the data's text encoding. */
export const ALPHABET: string;
/** The generated module's text, made from the installed world-atlas. */
export function landMaskModule(): string;
