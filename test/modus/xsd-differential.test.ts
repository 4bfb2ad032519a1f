/**
 * `--select modus-schema` reporting no error is our verdict on the XSD; it must equal xmllint's verdict
 * (`xmllint --noout --schema modus_result.xsd`, or modus_submit.xsd for ModusSubmit files) on every Modus
 * file of the corpus, on systematic mutations of them, and on our crafted fixtures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { validateModus } from '../../core/modus/validate-modus.ts';
import { needsShared, sharedPath } from '../support/corpus.ts';
import { CORPUS_MODUS_FILES } from './modus-documents.ts';
import { mutate } from './mutations.ts';

const xmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
const haveXmllint = xmllint.status === 0;
// The XSDs are not copied into the project (their licence is unclear, see NOTICE).
const xsds = needsShared(
  'corpus/ahunt-xx-modus-xsd/modus_result.xsd',
  'corpus/ahunt-xx-modus-xsd/modus_submit.xsd',
);
const fixtures = resolve(fileURLToPath(new URL('../../core/modus/fixtures', import.meta.url)));

interface Case {
  name: string;
  path: string;
  schema: 'modus_result.xsd' | 'modus_submit.xsd';
}

const schemaFor = (text: string): Case['schema'] =>
  /<(\w+:)?ModusSubmit[\s>/]/.test(text.slice(0, 4096)) && !/<ModusResult[\s>]/.test(text.slice(0, 4096))
    ? 'modus_submit.xsd'
    : 'modus_result.xsd';

function buildCases(dir: string): Case[] {
  const cases: Case[] = [];
  for (const file of CORPUS_MODUS_FILES) {
    const text = readFileSync(file, 'utf8');
    const base =
      file
        .split('/')
        .pop()
        ?.replace(/\.xml$/, '') ?? 'file';
    const schema = schemaFor(text);
    cases.push({ name: `corpus ${base}`, path: file, schema });
    for (const m of mutate(text)) {
      const path = join(dir, `${base}--${m.name}.xml`);
      writeFileSync(path, m.text);
      cases.push({ name: `${base} ${m.name}`, path, schema });
    }
  }
  for (const sub of ['valid', 'invalid']) {
    for (const f of readdirSync(join(fixtures, sub))) {
      if (!f.endsWith('.xml') || f.endsWith('.fixed.xml')) continue;
      const path = join(fixtures, sub, f);
      cases.push({ name: `fixture ${sub}/${f}`, path, schema: schemaFor(readFileSync(path, 'latin1')) });
    }
  }
  return cases;
}

/** xmllint's verdicts for many files in one run per schema: valid when it prints "<file> validates". */
function xmllintVerdicts(cases: Case[]): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  for (const schema of ['modus_result.xsd', 'modus_submit.xsd'] as const) {
    const batch = cases.filter((c) => c.schema === schema).map((c) => c.path);
    if (batch.length === 0) continue;
    const xsd = sharedPath(`corpus/ahunt-xx-modus-xsd/${schema}`);
    const run = spawnSync('xmllint', ['--noout', '--schema', xsd, ...batch], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      timeout: 120_000,
    });
    const out = `${run.stdout}\n${run.stderr}`;
    for (const path of batch) verdicts.set(path, out.includes(`${path} validates\n`));
  }
  return verdicts;
}

describe('modus-schema verdict = xmllint --schema verdict', () => {
  if (!haveXmllint) {
    it.skip('skipped: xmllint is not installed (Debian package libxml2-utils)', () => undefined);
    return;
  }
  if (xsds.missing) {
    it.skip(xsds.title('agrees with xmllint on the corpus, its mutations and the fixtures'), () => undefined);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'fieldgate-modus-differential-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cases = buildCases(dir);
  const verdicts = xmllintVerdicts(cases);

  it('covers the corpus, hundreds of mutations and the fixtures, valid and invalid', () => {
    expect(cases.length).toBeGreaterThan(500);
    const valid = [...verdicts.values()].filter(Boolean).length;
    expect(valid).toBeGreaterThan(100);
    expect(cases.length - valid).toBeGreaterThan(100);
  });

  it('agrees on every file (100%)', () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      const ours = validateModus(new Uint8Array(readFileSync(c.path)), {
        selection: { select: ['modus-schema'] },
      });
      const oursValid = !ours.diagnostics.some((d) => d.severity === 'error');
      const theirs = verdicts.get(c.path);
      if (oursValid !== theirs) {
        const first = ours.diagnostics.find((d) => d.severity === 'error');
        disagreements.push(
          `${c.name}: xmllint ${theirs ? 'valid' : 'invalid'}, ours ${oursValid ? 'valid' : `invalid (${first?.code} ${first?.message})`}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('has the verdicts SOURCES.md records for the corpus', () => {
    const verdictOf = (name: string): boolean | undefined =>
      verdicts.get(CORPUS_MODUS_FILES.find((f) => f.endsWith(name)) ?? '');
    expect(verdictOf('lab-modus.xml')).toBe(true);
    expect(verdictOf('MODUS_RESULT_SOIL_DATA_EXAMPLE.xml')).toBe(true);
    expect(verdictOf('MODUS_SUBMIT_SOIL_EXAMPLE.xml')).toBe(true);
    expect(verdictOf('MODUS_RESULT_PLANT_DATA_EXAMPLE.xml')).toBe(true);
    expect(verdictOf('MODUS_SUBMIT_PLANT_FILE_EXAMPLE.xml')).toBe(true);
    expect(verdictOf('hand-modus.xml')).toBe(false);
    expect(verdictOf('example_modus_result.xml')).toBe(false);
  });
});
