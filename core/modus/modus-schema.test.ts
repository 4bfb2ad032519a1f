import { describe, expect, it } from 'vitest';
import { modusResultSchema, modusSubmitSchema, type ElementDecl } from './modus-schema.ts';

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

describe('the encoded Modus schemas', () => {
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
