#!/usr/bin/env python3
"""Run a command with its standard error on a pseudo-terminal, as a person's terminal would be.

For the command line's tests and benchmarks (no native npm module needed): the child gets the terminal as
its controlling terminal and stderr, and stdin (unless --stdin-file) and stdout with --stdout-tty (else it
inherits this process's stdout, a file or a pipe). What the terminal shows is recorded with the time it
came.

    pty-run.py [--stdout-tty] [--columns N] [--interrupt-after REGEX] [--interrupt-delay S]
               [--stdin-file PATH [--stdin-burst BYTES] [--stdin-rate BYTES]] [--read-rate BYTES]
               [--transcript FILE] -- COMMAND ARGS...

--interrupt-after REGEX types Ctrl+C on the terminal (the terminal sends SIGINT to the command) S seconds
(default 0.3) after the output first matches REGEX. --stdin-file feeds the command's stdin (a pipe) from
PATH: the first --stdin-burst bytes at once, the rest at --stdin-rate bytes a second (default: as fast as
it reads), so a test's run lasts as long as it needs whatever the machine's speed; --read-rate reads
what the terminal shows at most that many bytes a second (a slow terminal: the command's writes to it
wait), for the same purpose. --transcript FILE
writes JSON: the exit status, the signal that ended the command (if one did), the seconds it ran, when
Ctrl+C was typed, and the output as [seconds, text] pieces. Exits with the command's status (128 + N when
signal N ended it).
"""
import argparse
import codecs
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument('--stdout-tty', action='store_true')
    parser.add_argument('--columns', type=int, default=120)
    parser.add_argument('--interrupt-after')
    parser.add_argument('--interrupt-delay', type=float, default=0.3)
    parser.add_argument('--stdin-file')
    parser.add_argument('--stdin-burst', type=int, default=0)
    parser.add_argument('--stdin-rate', type=float, default=0)
    parser.add_argument('--read-rate', type=float, default=0)
    parser.add_argument('--transcript')
    parser.add_argument('command', nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ['--'] else args.command
    if not command:
        parser.error('no command given')

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 40, args.columns, 0, 0))

    def controlling_terminal() -> None:
        # A session of its own whose controlling terminal is the pty (its stderr): Ctrl+C typed on it reaches
        # the command.
        os.setsid()
        fcntl.ioctl(2, termios.TIOCSCTTY, 0)

    feed = None
    if args.stdin_file:
        with open(args.stdin_file, 'rb') as f:
            data = f.read()
        read_end, write_end = os.pipe()
        os.set_blocking(write_end, False)
        feed = {'fd': write_end, 'data': memoryview(data), 'at': 0}

    started = time.monotonic()
    child = subprocess.Popen(
        command,
        stdin=read_end if feed else slave,
        stdout=slave if args.stdout_tty else None,
        stderr=slave,
        preexec_fn=controlling_terminal,
        close_fds=True,
    )
    os.close(slave)
    if feed:
        os.close(read_end)

    decoder = codecs.getincrementaldecoder('utf-8')('replace')
    pieces = []
    seen = ''
    pattern = re.compile(args.interrupt_after) if args.interrupt_after else None
    matched_at = None
    interrupted_at = None
    taken = 0
    while True:
        now = time.monotonic() - started
        if matched_at is not None and interrupted_at is None and now >= matched_at + args.interrupt_delay:
            os.write(master, b'\x03')
            interrupted_at = now
        if feed is not None:
            # Bytes allowed by now: the burst, then the rate.
            allowed = len(feed['data']) if args.stdin_rate <= 0 else int(args.stdin_burst + args.stdin_rate * now)
            allowed = min(allowed, len(feed['data']))
            try:
                while feed['at'] < allowed:
                    feed['at'] += os.write(feed['fd'], feed['data'][feed['at']:allowed])
            except BlockingIOError:
                pass
            except BrokenPipeError:
                feed['at'] = len(feed['data'])
            if feed['at'] >= len(feed['data']):
                os.close(feed['fd'])
                feed = None
        waiting = feed is not None and feed['at'] < allowed
        # A slow terminal: no more than --read-rate bytes a second are taken from it.
        room = 65536 if args.read_rate <= 0 else min(65536, int(args.read_rate * now) - taken)
        if room <= 0:
            if child.poll() is not None and not _has_more(master):
                break
            time.sleep(0.005)
            continue
        try:
            ready, _, _ = select.select([master], [feed['fd']] if waiting else [], [], 0.01 if feed else 0.02)
        except InterruptedError:
            continue
        ready = [fd for fd in ready if fd == master]
        if not ready:
            if child.poll() is not None and not _has_more(master):
                break
            continue
        try:
            data = os.read(master, room)
        except OSError:
            # EIO: every copy of the terminal's other end is closed (the command ended).
            break
        if not data:
            break
        taken += len(data)
        text = decoder.decode(data)
        if text:
            pieces.append([round(time.monotonic() - started, 3), text])
            if pattern is not None and matched_at is None:
                seen += text
                if pattern.search(seen):
                    matched_at = time.monotonic() - started
    if feed is not None:
        os.close(feed['fd'])
    status = child.wait()
    elapsed = time.monotonic() - started
    os.close(master)
    rest = decoder.decode(b'', final=True)
    if rest:
        pieces.append([round(elapsed, 3), rest])
    if args.transcript:
        with open(args.transcript, 'w', encoding='utf-8') as f:
            json.dump(
                {
                    'exit': status if status >= 0 else None,
                    'signal': signal.Signals(-status).name if status < 0 else None,
                    'seconds': round(elapsed, 3),
                    'interruptedAt': interrupted_at,
                    'output': pieces,
                },
                f,
            )
    return status if status >= 0 else 128 - status


def _has_more(fd: int) -> bool:
    ready, _, _ = select.select([fd], [], [], 0)
    return bool(ready)


if __name__ == '__main__':
    sys.exit(main())
