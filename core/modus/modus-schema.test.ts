import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modusSchemaModule, outputPath, xsdDirectory } from '../../scripts/modus-schema.js';
import { MODUS_ROLES, modusResultSchema, modusSubmitSchema, type ElementDecl } from './modus-schema.ts';

/** The generated module made from a copy of the XSDs with one file's text changed. */
function generatedFromEdited(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'modus-xsd-'));
  try {
    for (const name of readdirSync(xsdDirectory)) copyFileSync(join(xsdDirectory, name), join(dir, name));
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    return modusSchemaModule(`${dir}/`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function allElements(root: ElementDecl): ElementDecl[] {
  const seen = new Set<ElementDecl>();
  const walk = (e: ElementDecl): void => {
    if (seen.has(e)) return;
    seen.add(e);
    for (const p of e.type.particles) walk(p);
  };
  walk(root);
  return [...seen];
}

describe('the Modus schema data generated from the XSDs', () => {
  it('is current: made from core/modus/xsd/*.xsd by scripts/modus-schema.js, byte for byte', () => {
    expect(modusSchemaModule()).toBe(readFileSync(outputPath, 'utf8'));
  });

  it('follows a change of the XSD text (so the check above fails when the data is not regenerated)', () => {
    const edited = generatedFromEdited('modus_global.xsd', (t) =>
      t.replace(
        '<xs:element name="LabID" type="xs:string" minOccurs="0">',
        '<xs:element name="LabID" type="xs:int">',
      ),
    );
    expect(edited).not.toBe(modusSchemaModule());
    expect(edited).toContain('{"name":"LabID","type":{"kind":"simple","simple":{"base":"int"}}}');
  });

  it('refuses an XSD construct it does not read, rather than half understanding it', () => {
    expect(() =>
      generatedFromEdited('modus_submit.xsd', (t) =>
        t.replace('<xs:sequence>', '<xs:sequence><xs:group ref="Extra"/>'),
      ),
    ).toThrow(/unsupported XSD construct <xs:group/);
  });

  it('gives every role other checks listen to to some element of each schema', () => {
    for (const schema of [modusResultSchema, modusSubmitSchema]) {
      const given = new Set(allElements(schema.root).map((e) => e.role));
      expect(MODUS_ROLES.filter((role) => !given.has(role))).toEqual([]);
    }
  });
});

describe('the Modus schemas', () => {
  it('give no attribute a list of values (so MOD011 reports element values only)', () => {
    for (const schema of [modusResultSchema, modusSubmitSchema]) {
      const elements = allElements(schema.root);
      expect(elements.length).toBeGreaterThan(50);
      const listed = elements.flatMap((e) =>
        e.type.attributes.filter((a) => a.type.enumeration).map((a) => `${e.name}@${a.name}`),
      );
      expect(listed).toEqual([]);
    }
  });

  it('give every choice an optional member (so an empty choice is complete, as xmllint has it)', () => {
    for (const schema of [modusResultSchema, modusSubmitSchema]) {
      const choices = allElements(schema.root).filter((e) => e.type.kind === 'choice');
      expect(choices.length).toBeGreaterThan(1);
      const strict = choices.filter((e) => !e.type.particles.some((p) => p.min === 0)).map((e) => e.name);
      expect(strict).toEqual([]);
    }
  });
});
