/**
 * Child process for the interruption test: writes a large file through the output module, so the test can
 * stop it mid-write. Usage: write-large-file.ts TARGET MEGABYTES
 */
import { writeOutputFile } from '../../../node/output-file.ts';

const [target, megabytes] = process.argv.slice(2);
if (target === undefined || megabytes === undefined) throw new Error('usage: write-large-file.ts TARGET MB');
const bytes = new Uint8Array(Number(megabytes) * 1024 * 1024).fill(65);
process.stdout.write('writing\n');
await writeOutputFile(target, bytes);
process.stdout.write('written\n');
