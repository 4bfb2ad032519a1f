import { resolve } from 'node:path';
import { countOutcomes, emptyRowCounts, rowResultsOf, runEndOf } from '../../core/index.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand } from '../command.ts';
import { terminalSafe } from '../render/terminal-text.ts';
import {
  attentionLines,
  batchExitStatus,
  describeRowOutcomes,
  noticeLines,
  replayJournalFile,
} from './batch-options.ts';
import { parseCommandArgs } from './command-args.ts';

const usage = `Usage: fieldgate status JOURNAL [--json]

Reads a batch journal and says where the batch stands: rows done, anomalous (answered impossibly), failed,
invalid, unknown (uploads to check in the receiving user's data inbox) and not finished, with the rows that
need attention and those whose answers were read tolerantly (notices). --json lists every row that is not
done cleanly. Sends nothing.

Exit status as for submit: 0 every row was applied; 1 some rows failed or were not sent; 3 unfinished
(fieldgate resume goes on); 4 uploads of unknown outcome; 5 impossible answers.

Examples:
  fieldgate status ~/.local/share/fieldgate/journals/fields-2026-11-27T10-00-00-000Z.jsonl
  fieldgate status batch.jsonl --json`;

export const statusCommand: CliCommand = {
  name: 'status',
  summary: "show a batch journal's progress: rows done, failed, unknown, not finished",
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean', default: false } });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length !== 1) throw new UsageError('name one journal');
    const path = resolve(io.cwd, positionals[0]!);
    const replayed = await replayJournalFile(path, io);
    if (!replayed) return EXIT_USAGE;
    const rows = rowResultsOf(replayed.plan, (id) => replayed.steps.get(id), runEndOf(replayed));
    const counts = emptyRowCounts();
    for (const r of rows) counts[r.status]++;
    const inDoubt = [...replayed.steps.values()].filter((s) => s.status === 'in-doubt').length;
    const code = batchExitStatus({ outcome: counts.pending > 0 ? 'stopped' : 'finished', counts });
    if (values.json) {
      io.stdout(
        JSON.stringify({
          batchId: replayed.batchId,
          source: replayed.plan.source,
          profile: replayed.profile,
          finished: replayed.finished,
          ...(replayed.stopped ? { stopped: replayed.stopped } : {}),
          ...(replayed.cutShort !== undefined ? { cutShortLine: replayed.cutShort } : {}),
          counts,
          outcomes: countOutcomes(rows.map((r) => r.outcome)),
          inDoubt,
          rows: rows.filter((r) => r.status !== 'done' || r.notices !== undefined),
        }) + '\n',
      );
      return code;
    }
    if (replayed.cutShort !== undefined)
      io.stderr(
        `${path}: line ${replayed.cutShort} was cut short (a crash while it was written); left out, resume goes on from line ${replayed.cutShort - 1}\n`,
      );
    const lines = [
      `batch ${replayed.batchId} (${terminalSafe(replayed.plan.source.name)}, ${replayed.plan.source.kind}), profile ${terminalSafe(replayed.profile ?? '?')}`,
      `${describeRowOutcomes(rows)}${inDoubt ? `; ${inDoubt} sent without a recorded answer (reconciled on resume)` : ''}`,
      ...attentionLines(rows),
      ...noticeLines(rows),
    ];
    if (counts.pending > 0) lines.push(`go on with: fieldgate resume ${positionals[0]}`);
    io.stdout(lines.join('\n') + '\n');
    return code;
  },
};
