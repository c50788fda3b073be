"""`regc` command line.  Each subcommand lives next to the code it drives and registers itself here.

Exit codes: 0 ok, 1 findings (check/diff/eval failures as documented per command), 2 bad input/usage.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys

from regc import __version__
from regc.errors import InputError

# module defining ``register(subparsers)`` -> the subcommands it registers, with their one-line help.  Only the
# module of the command being run is imported (``regc --help`` lists the rest from this table, in ~0.05 s instead
# of ~0.4 s); tests/test_cli_lazy.py checks that the help lines here match what each module registers.
COMMANDS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("regc.cli.compile", (("compile", "compile source documents into criterion IR (EU-TaxoStruct JSON)"),)),
    ("regc.cli.score", (("score", "score a build against gold activities (spec §5)"),)),
    ("regc.cli.check", (("check", "graph invariants and Z3 logic checks of compiled activities"),
                        ("diff", "semantic equivalence of two compilations (files or build folders)"))),
    ("regc.cli.eval", (("eval", "evaluate facts against a build (compliance verdicts)"),
                       ("facts", "facts templates and checks"),
                       ("emit", "emit artefacts from a build"))),
    ("regc.cli.index", (("index", "build the hybrid BM25 + dense index of a legal corpus"),
                        ("search", "search an index built by `regc index`"),
                        ("fetch", "download an act from EUR-Lex into the local cache"))),
    ("regc.cli.ask", (("ask", "answer a compliance question with the provisions that govern it"),)),
    ("regc.cli.optimize", (("optimize", "optimise a DSPy module for one semantic decision against gold"),)),
    ("regc.cli.segment", (("segment", "show the document tree a front-end reads from a source (no compiling)"),)),
    ("regc.cli.reports", (("extract", "extract the EU Taxonomy Article 8 disclosure from a report PDF"),
                          ("disclosure", "disclosure checks"),
                          ("score-disclosure", "score extracted disclosures against gold (spec scoring)"),
                          ("portfolio", "a folder of reports -> one CSV of fixed keys and findings"))),
)
COMMAND_MODULES = tuple(mod for mod, _ in COMMANDS)
# commands whose process starts from the store of compiled patterns (regc/cli/rx_store.py), when one is written
PRIMED_COMMANDS = ("compile",)


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


def command_of(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` (its first word that is not an option), or None.

    >>> command_of(["-h"]), command_of(["compile", "x.xml"]), command_of(["--version"])
    (None, 'compile', None)
    """
    return next((a for a in argv if not a.startswith("-")), None)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The ``regc`` parser.  With ``argv``, only the module of the command it names is imported (the other
    commands get a placeholder with their help line); without, every module registers its commands in full."""
    ap = argparse.ArgumentParser(prog="regc", description="A compiler for regulations (EU Taxonomy delegated acts).")
    ap.add_argument("--version", action="version", version=f"regc {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    wanted = command_of(argv) if argv is not None else None
    for mod, commands in COMMANDS:
        if argv is None or any(name == wanted for name, _ in commands):
            try:
                m = importlib.import_module(mod)
            except ModuleNotFoundError as e:
                if e.name != mod:
                    raise
            else:
                m.register(sub)
                continue
        for name, help_ in commands:
            if name not in sub.choices:
                sub.add_parser(name, help=help_)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run one ``regc`` command; without ``argv`` (the process entry point) the collector is tuned for a short-lived
    process (:func:`_tune_gc`)."""
    if argv is not None:
        return _run(list(argv))
    _tune_gc()
    if command_of(sys.argv[1:]) in PRIMED_COMMANDS:
        from regc.cli.rx_store import prime

        prime()
    try:
        return _run(sys.argv[1:])
    finally:
        gc.freeze()  # the process exits next: spare the interpreter's full collections at shutdown (~0.3 s)


def _tune_gc() -> None:
    """Fewer collections in a one-shot process: the objects made by imports so far are frozen (never traversed
    again) and the young generation is collected every 20,000 allocations instead of 700 (2021/2139: ~900
    collections -> ~20, peak RSS +6 %).  Collection only frees cyclic garbage earlier or later; it never changes
    what a command computes or writes."""
    gc.freeze()
    gc.set_threshold(20_000, 10, 100)


def _run(argv: list[str]) -> int:
    ap = build_parser(argv)
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
