import { allRules, createRuleFilter, findRule, ruleGroups } from '../../core/index.ts';
import { EXIT_OK, EXIT_USAGE, type CliCommand } from '../command.ts';
import { parseCommandArgs } from './command-args.ts';
import { selectionFrom } from './validate.ts';

const usage = `Usage: fieldgate rules [--json] [--select LIST] [--ignore LIST] [CODE|NAME]

Lists every rule with its code, name, group, severity and whether it can fix what it finds.
With a code or name, prints that rule's documentation: what it checks, why, an example and what to write
instead, its messages, and the file where it is decided (its check, or the pass that reports it).

Options:
  --json           the list (or the rule) as JSON
  --select LIST    only these rules: codes (GEO004), prefixes (GEO), groups (ogc-validity) or names
  --ignore LIST    leave these out (same forms)

Examples:
  fieldgate rules                      # every rule
  fieldgate rules --select csv-batch   # the rules of one group
  fieldgate rules CSV012               # what a rule checks and what to write instead`;

export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'list the rules (codes, groups, fixes) or explain one',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      json: { type: 'boolean', default: false },
      select: { type: 'string', multiple: true },
      ignore: { type: 'string', multiple: true },
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length > 0) {
      const rule = findRule(positionals[0] ?? '');
      if (!rule) {
        io.stderr(`fieldgate: no rule ${positionals[0]} (see \`fieldgate rules\`)\n`);
        return EXIT_USAGE;
      }
      if (values.json) io.stdout(JSON.stringify(rule, null, 2) + '\n');
      else {
        io.stdout(
          `${rule.code} ${rule.name}  (group ${rule.group}, ${rule.severity}${rule.fixable ? `, fix: ${rule.fixable}` : ''})\n\n`,
        );
        io.stdout(`What it does\n  ${rule.docs.what}\n\nWhy is this bad?\n  ${rule.docs.why}\n`);
        const decidedIn = typeof rule.decidedIn === 'string' ? [rule.decidedIn] : rule.decidedIn;
        if (rule.docs.example) io.stdout(`\nExample\n  ${rule.docs.example}\n`);
        if (rule.docs.useInstead) io.stdout(`\nUse instead\n  ${rule.docs.useInstead}\n`);
        io.stdout(
          `\nMessages\n${Object.values(rule.messages)
            .map((m) => `  - ${m}`)
            .join('\n')}\n`,
        );
        io.stdout(`\nDecided in\n${decidedIn.map((path) => `  ${path}`).join('\n')}\n`);
      }
      return EXIT_OK;
    }
    const enabled = createRuleFilter(selectionFrom(values.select, values.ignore));
    const rules = allRules.filter(enabled);
    if (values.json) {
      io.stdout(JSON.stringify(rules, null, 2) + '\n');
      return EXIT_OK;
    }
    for (const group of ruleGroups) {
      const inGroup = group.rules.map((r) => r.meta).filter(enabled);
      if (inGroup.length === 0) continue;
      io.stdout(`${group.group} — ${group.title}\n`);
      for (const r of inGroup) {
        const fix = r.fixable ? ` [fix: ${r.fixable}]` : '';
        io.stdout(`  ${r.code.padEnd(7)} ${r.name.padEnd(38)} ${r.severity.padEnd(8)}${fix}\n`);
      }
      io.stdout('\n');
    }
    io.stdout(`${rules.length} rules. \`fieldgate rules CODE\` explains one.\n`);
    return EXIT_OK;
  },
};
