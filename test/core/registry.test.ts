import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules, ruleGroups } from '../../core/rules/registry.ts';

const rulesDir = new URL('../../core/rules/', import.meta.url).pathname;

/** code → file, found by reading every rule source under core/rules/<group>/. */
function ruleSourceFiles(): Map<string, string> {
  const byCode = new Map<string, string>();
  for (const group of readdirSync(rulesDir, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const file of readdirSync(join(rulesDir, group.name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(join(rulesDir, group.name, file), 'utf8');
      for (const m of text.matchAll(/\bcode:\s*'([A-Z]+\d{3})'/g)) byCode.set(m[1]!, join(group.name, file));
    }
  }
  return byCode;
}

describe('rule registry', () => {
  it('has unique, well-formed codes and names', () => {
    const codes = allRules.map((r) => r.code);
    const names = allRules.map((r) => r.name);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
    for (const r of allRules) {
      expect(r.code, r.name).toMatch(/^[A-Z]{2,4}\d{3}$/);
      expect(r.name, r.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('files every rule under its group and registers every rule that has a file', () => {
    const sources = ruleSourceFiles();
    for (const r of allRules) {
      const file = sources.get(r.code);
      expect(file, `${r.code} has no source file under core/rules/`).toBeDefined();
      expect(file?.split('/')[0], `${r.code} lives outside its group folder`).toBe(r.group);
    }
    const registered = new Set(allRules.map((r) => r.code));
    const unregistered = [...sources.keys()].filter((c) => !registered.has(c));
    expect(unregistered, 'rules with a file but missing from core/rules/registry.ts').toEqual([]);
  });

  it('gives every rule docs, messages and a test beside it that names its code', () => {
    const sources = ruleSourceFiles();
    for (const r of allRules) {
      expect(r.docs.what.length, `${r.code} docs.what`).toBeGreaterThan(20);
      expect(r.docs.why.length, `${r.code} docs.why`).toBeGreaterThan(20);
      expect(Object.keys(r.messages).length, `${r.code} messages`).toBeGreaterThan(0);
      const source = sources.get(r.code)!;
      const testFile = join(rulesDir, source.replace(/\.ts$/, '.test.ts'));
      expect(existsSync(testFile), `${r.code}: missing ${relative(process.cwd(), testFile)}`).toBe(true);
      expect(
        readFileSync(testFile, 'utf8'),
        `${relative(process.cwd(), testFile)} should name ${r.code}`,
      ).toContain(r.code);
    }
  });

  it('lists each group once, each with rules of that group only', () => {
    const groups = ruleGroups.map((g) => g.group);
    expect(new Set(groups).size).toBe(groups.length);
    for (const g of ruleGroups) for (const r of g.rules) expect(r.meta.group).toBe(g.group);
  });
});
