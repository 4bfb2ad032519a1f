import { resolve } from 'node:path';
import { dropCutShortLine } from '../../node/journal-file.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand } from '../command.ts';
import { replayJournalFile, resultsPathFor, SENDING_OPTIONS, sendingOptionsFrom } from './batch-options.ts';
import { parseCommandArgs } from './command-args.ts';
import { runBatch, takeJournalLock } from './submit.ts';

const usage = `Usage: fieldgate resume JOURNAL [--profile sandbox|env|NAME] [--concurrency N] [--rate R] [--burst B]
                       [--resend-unknown] [--results PATH]

Goes on with a batch that stopped (Ctrl+C, a crash, kill -9, a lost connection, the quota): every row sent
without a recorded answer is reconciled first (the service's enrollments listed and matched, the experiment
found), so nothing is created twice and no row is lost. The profile defaults to the one the batch used.

Exit status as for submit: 0 every row succeeded, 1 some rows failed, 3 stopped unfinished again.`;

export const resumeCommand: CliCommand = {
  name: 'resume',
  summary: 'finish a stopped or crashed batch from its journal, without repeating any create',
  usage,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      profile: { type: 'string' },
      ...SENDING_OPTIONS,
    });
    if (values.help) {
      io.stdout(usage + '\n');
      return EXIT_OK;
    }
    if (positionals.length !== 1) throw new UsageError('name one journal');
    // Checked before the journal is locked or read, the same way submit checks them.
    const sending = sendingOptionsFrom(values);
    const journalPath = resolve(io.cwd, positionals[0]!);
    // Locked before reading: another process still appending would make what we read stale.
    const lock = await takeJournalLock(journalPath, io);
    if (!lock) return EXIT_USAGE;
    let handedOver = false;
    try {
      const replayed = await replayJournalFile(journalPath, io);
      if (!replayed) return EXIT_USAGE;
      if (replayed.cutShort !== undefined) {
        io.stderr(
          `${journalPath}: line ${replayed.cutShort} was cut short (a crash while it was written); removed, going on from line ${replayed.cutShort - 1}\n`,
        );
        await dropCutShortLine(journalPath, replayed.cutShort);
      }
      handedOver = true;
      return await runBatch(
        {
          lock,
          plan: replayed.plan,
          replayed,
          journalPath,
          resultsPath: resultsPathFor(values.results, journalPath, io),
          profileName: values.profile ?? replayed.profile ?? 'sandbox',
          resendUnknown: values['resend-unknown'],
          ...sending,
        },
        io,
      );
    } finally {
      // runBatch releases the lock it was given; before that point, it is ours to release.
      if (!handedOver) await lock.release();
    }
  },
};
