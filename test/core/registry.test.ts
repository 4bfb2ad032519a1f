import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRules, ruleGroups } from '../../core/rules/registry.ts';

const coreDir = new URL('../../core/', import.meta.url).pathname;

/**
 * Where a rule is defined: one place for its logic. Two forms: beside the check that reports it, in that
 * folder's `*-rules.ts` module (core/archive/zip-rules.ts, with zip-rules.test.ts beside it), which holds
 * metadata only and is used by a check in the same folder; or one file per rule under core/rules/<group>/
 * that holds the rule's own `check` (core/rules/sample-date/sample-date-format.ts), with its .test.ts
 * beside it. A `*-rules.ts` module's test has one `describe('CODE name', …)` per rule.
 */
interface RuleSource {
  /** Path relative to core/. */
  file: string;
  /** The exported name of the rule's definition. */
  exportName: string;
  form: 'beside-check' | 'rule-file';
  /** The definition holds the rule's own `check` (a rule file, or a visitor over a pass's stage results). */
  ownCheck: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.bench.ts') ? [path] : [];
  });
}

/** code → where it is defined, from every definition in core/ (each code must be defined once). */
function ruleSources(): { byCode: Map<string, RuleSource>; duplicates: string[] } {
  const byCode = new Map<string, RuleSource>();
  const duplicates: string[] = [];
  for (const path of sourceFiles(coreDir)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(coreDir, path);
    const inRuleFolder = file.startsWith('rules/') && file.split('/').length === 3;
    const besideCheck = file.endsWith('-rules.ts') && !file.startsWith('rules/');
    if (!inRuleFolder && !besideCheck) continue;
    for (const m of text.matchAll(
      /export const (\w+) = defineRule(?:<[\s\S]*?>)?\(\{\s*meta: \{\s*code: '([A-Z]+\d{3})'/g,
    )) {
      if (byCode.has(m[2]!)) duplicates.push(m[2]!);
      const next = text.indexOf('\nexport ', m.index + 1);
      const definition = text.slice(m.index, next === -1 ? undefined : next);
      byCode.set(m[2]!, {
        file,
        exportName: m[1]!,
        form: besideCheck ? 'beside-check' : 'rule-file',
        ownCheck: /^\s+check\(/m.test(definition),
      });
    }
  }
  return { byCode, duplicates };
}

function testFileOf(source: RuleSource): string {
  return source.form === 'beside-check'
    ? join(coreDir, source.file.replace(/\.ts$/, '.test.ts'))
    : join(coreDir, source.file.replace(/\.ts$/, '.test.ts'));
}

describe('rule registry', () => {
  it('lists in RuleCode (the type of Diagnostic.code) exactly the codes of the catalogue', () => {
    // A rule whose code is missing from the type does not compile; a code left in it without a rule fails here.
    const text = readFileSync(join(coreDir, 'diagnostics', 'rule-code.ts'), 'utf8');
    const listed = [...text.matchAll(/^\s*\|\s*'([A-Z]+\d{3})'/gm)].map((m) => m[1]);
    expect(listed).toEqual(allRules.map((r) => r.code).sort());
  });

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

  it('defines every rule once and registers every rule that is defined', () => {
    const { byCode, duplicates } = ruleSources();
    expect(duplicates, 'codes defined twice').toEqual([]);
    for (const r of allRules) {
      const source = byCode.get(r.code);
      expect(
        source,
        `${r.code} is defined neither in a *-rules.ts module nor under core/rules/`,
      ).toBeDefined();
      if (source?.form === 'rule-file') {
        expect(source.file.split('/')[1], `${r.code} lives outside its group folder`).toBe(r.group);
      }
    }
    const registered = new Set<string>(allRules.map((r) => r.code));
    const unregistered = [...byCode.keys()].filter((c) => !registered.has(c));
    expect(unregistered, 'rules defined but missing from core/rules/registry.ts').toEqual([]);
  });

  it('keeps a rule defined beside a check next to the code that reports it', () => {
    const { byCode } = ruleSources();
    const besideCheck = allRules.filter((r) => byCode.get(r.code)?.form === 'beside-check');
    expect(besideCheck.length).toBeGreaterThanOrEqual(130);
    for (const r of besideCheck) {
      const source = byCode.get(r.code)!;
      const folder = join(coreDir, dirname(source.file));
      const module = `./${basename(source.file)}`;
      const users = readdirSync(folder).filter((name) => {
        if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === basename(source.file))
          return false;
        const whole = readFileSync(join(folder, name), 'utf8');
        // A visitor is used by the pass that imports its rules module and hands it the stage results.
        if (source.ownCheck) return whole.includes(`from '${module}'`) && /\.check\??\.?\(/.test(whole);
        const text = whole.replace(/^import[^;]*;$/gm, '');
        return new RegExp(`\\b${source.exportName}\\b`).test(text);
      });
      expect(users, `${r.code} (${source.file}) is used by no check in ${dirname(source.file)}/`).not.toEqual(
        [],
      );
    }
  });

  it('keeps a *-rules.ts beside a check to rule definitions: it imports the rule catalogue only', () => {
    const { byCode } = ruleSources();
    const modules = new Set([...byCode.values()].filter((s) => s.form === 'beside-check').map((s) => s.file));
    for (const file of modules) {
      const text = readFileSync(join(coreDir, file), 'utf8');
      const imports = [...text.matchAll(/^(import type|import|export)\b[^;]*?from '([^']+)';$/gm)].map(
        (m) => ({
          typeOnly: m[1] === 'import type',
          target: relative(coreDir, join(coreDir, dirname(file), m[2]!)),
        }),
      );
      expect(imports.length, `${file} imports`).toBeGreaterThan(0);
      for (const { typeOnly, target } of imports)
        expect(
          target === 'rules/rule.ts' ||
            target.startsWith('diagnostics/') ||
            (typeOnly && dirname(target) === dirname(file)),
          `${file} imports ${target}: a rules module may import only core/rules/rule.ts, core/diagnostics and the types of its folder's stage results`,
        ).toBe(true);
    }
  });

  it('says where every rule is decided: a file that exists and names the rule', () => {
    const { byCode } = ruleSources();
    const root = join(coreDir, '..');
    for (const r of allRules) {
      const source = byCode.get(r.code)!;
      const paths = typeof r.decidedIn === 'string' ? [r.decidedIn] : r.decidedIn;
      expect(paths.length, `${r.code} decidedIn`).toBeGreaterThan(0);
      for (const path of paths) {
        expect(existsSync(join(root, path)), `${r.code} decidedIn ${path} does not exist`).toBe(true);
        const text = readFileSync(join(root, path), 'utf8').replace(/^import[^;]*;$/gm, '');
        expect(
          text.includes(`'${r.code}'`) || new RegExp(`\\b${source.exportName}\\b`).test(text),
          `${r.code}: ${path} names neither ${r.code} nor ${source.exportName}`,
        ).toBe(true);
      }
      // A rule with its own check is decided there; a rule without one, in the pass that reports it.
      if (source.ownCheck) expect(paths, r.code).toEqual([`core/${source.file}`]);
      else expect(paths, r.code).not.toContain(`core/${source.file}`);
    }
  });

  it('holds the check in every rule file under core/rules/<group>/', () => {
    const { byCode } = ruleSources();
    const ruleFiles = [...byCode.values()].filter((s) => s.form === 'rule-file');
    expect(ruleFiles.length).toBeGreaterThan(0);
    for (const source of ruleFiles) {
      const text = readFileSync(join(coreDir, source.file), 'utf8');
      const start = text.indexOf(`export const ${source.exportName} = defineRule`);
      const next = text.indexOf('\nexport ', start + 1);
      const definition = text.slice(start, next === -1 ? undefined : next);
      expect(
        /^\s+check\(/m.test(definition),
        `${source.file} defines ${source.exportName} without its check: define it beside the check that reports it, in that folder's *-rules.ts`,
      ).toBe(true);
    }
  });

  it('gives every rule docs, messages and a test beside its definition that names its code', () => {
    const { byCode } = ruleSources();
    for (const r of allRules) {
      expect(r.docs.what.length, `${r.code} docs.what`).toBeGreaterThan(20);
      expect(r.docs.why.length, `${r.code} docs.why`).toBeGreaterThan(20);
      expect(Object.keys(r.messages).length, `${r.code} messages`).toBeGreaterThan(0);
      const source = byCode.get(r.code)!;
      const testFile = testFileOf(source);
      expect(existsSync(testFile), `${r.code}: missing ${relative(process.cwd(), testFile)}`).toBe(true);
      expect(
        readFileSync(testFile, 'utf8'),
        `${relative(process.cwd(), testFile)} should name ${r.code}`,
      ).toContain(source.form === 'beside-check' ? `describe('${r.code} ${r.name}'` : r.code);
    }
  });

  it('lists each group once, each with rules of that group only', () => {
    const groups = ruleGroups.map((g) => g.group);
    expect(new Set(groups).size).toBe(groups.length);
    for (const g of ruleGroups) for (const r of g.rules) expect(r.meta.group).toBe(g.group);
  });
});
