import { resolve } from 'node:path';
import { JournalFormatError, replayJournal } from '../../core/index.ts';
import { readJournal } from '../../node/journal-file.ts';
import { SubmitSession } from '../../node/submit-session.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliCommand } from '../command.ts';
import { resultsPathFor, SENDING_OPTIONS, sendingOptionsFrom } from './batch-options.ts';
import { parseCommandArgs } from './command-args.ts';
import {
  checkWritable,
  ProgressDisplay,
  runSession,
  sessionOptions,
  takeJournalLock,
  usableConnection,
} from './submit.ts';

const usage = `Usage: fieldgate resume JOURNAL [--profile sandbox|env|NAME] [--concurrency N] [--rate R] [--burst B]
                       [--resend-unknown] [--results PATH]

Goes on with a batch that stopped (Ctrl+C, a crash, kill -9, a lost connection, the quota, the app closed):
every row sent without a recorded answer is reconciled first (the service's enrollments listed and matched,
the experiment found), so nothing is created twice and no row is lost. Uploads send the bytes kept beside
the journal when the batch started. The profile defaults to the one the batch used.

Options:
  --profile P        the connection (default: the journal's)
  --resend-unknown   send again, once, each upload whose outcome is unknown now (check the inbox first)
  --concurrency, --rate, --burst, --results   as for fieldgate submit

Exit status as for submit: 0 every row was applied; 1 some rows failed or were not sent; 2 usage error;
3 stopped unfinished again; 4 finished with uploads of unknown outcome (check the inboxes); 5 finished with
impossible answers.

Examples:
  fieldgate resume ~/.local/share/fieldgate/journals/fields-2026-11-27T10-00-00-000Z.jsonl
  fieldgate resume batch.jsonl --profile production --resend-unknown`;

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
    const resultsPath = resultsPathFor(values.results, journalPath, io);
    await checkWritable(resultsPath, values.results !== undefined);
    // Locked before reading: another process still appending would make what we read stale.
    const lock = await takeJournalLock(journalPath, io);
    if (!lock) return EXIT_USAGE;
    let handedOver = false;
    try {
      // The profile the batch used, unless another is given.
      let profile = values.profile;
      if (profile === undefined) {
        try {
          profile = replayJournal(await readJournal(journalPath)).profile ?? 'sandbox';
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            throw new UsageError(`${positionals[0]}: no such journal`);
          if (error instanceof JournalFormatError) {
            io.stderr(`${journalPath}: ${error.message}\n`);
            return EXIT_USAGE;
          }
          throw error;
        }
      }
      const connection = await usableConnection(profile, io);
      try {
        const display = new ProgressDisplay(io, io.isTTY);
        let session: SubmitSession;
        try {
          session = await SubmitSession.resume({
            ...sessionOptions(journalPath, connection, display, io),
            lock,
            pacing: sending,
            resendUnknown: values['resend-unknown'],
          });
          handedOver = true;
        } catch (error) {
          if (error instanceof JournalFormatError) {
            io.stderr(`${journalPath}: ${error.message}\n`);
            return EXIT_USAGE;
          }
          throw error;
        }
        return await runSession({ session, resultsPath, profileName: connection.name, display }, io);
      } finally {
        await connection.close();
      }
    } finally {
      // The session lets go of the lock it was given; before that point, it is ours to.
      if (!handedOver) await lock.release();
    }
  },
};
