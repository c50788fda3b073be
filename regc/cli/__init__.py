"""`regc` command line.  Each subcommand lives next to the code it drives and registers itself here.

Exit codes: 0 ok, 1 findings (check/diff/eval failures as documented per command), 2 bad input/usage.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from regc import __version__
from regc.errors import InputError

# subcommand -> module defining ``register(subparsers)``; each registers one or more subcommands
COMMAND_MODULES = (
    "regc.cli.compile",  # compile, emit
    "regc.cli.score",  # score
    "regc.cli.check",  # check, diff
    "regc.cli.eval",  # eval, facts
    "regc.cli.index",  # index, search, fetch
    "regc.cli.ask",  # ask
    "regc.cli.optimize",  # optimize
    "regc.cli.segment",  # segment
    "regc.cli.reports",  # extract, disclosure check, score-disclosure, portfolio
)


# A user-facing error: printed as one line, exit code 2 (the core raises the same type).
CLIError = InputError


def os_error_text(e: OSError) -> str:
    """``/proc/x: No such file or directory``: the file first, then the reason, on one line.

    >>> os_error_text(FileNotFoundError(2, "No such file or directory", "/nope/x"))
    '/nope/x: No such file or directory'
    """
    name = e.filename
    why = e.strerror or str(e)
    if name is None:
        return why.splitlines()[0] if why else type(e).__name__
    return f"{name}: {why}"


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="regc", description="A compiler for regulations (EU Taxonomy delegated acts).")
    ap.add_argument("--version", action="version", version=f"regc {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for mod in COMMAND_MODULES:
        try:
            m = importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name == mod:  # not written yet
                continue
            raise
        m.register(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help()
        return 2
    try:
        rc = args.func(args)
    except InputError as e:
        print(f"regc: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` etc.: stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as e:  # an unwritable/unreadable path not caught closer to the command: one line, exit 2
        print(f"regc: error: {os_error_text(e)}", file=sys.stderr)
        return 2
    return int(rc or 0)
