"""`regc compile SOURCE… -o OUTDIR`: source documents -> one ``<activity_id>.json`` per activity + diagnostics.

    regc compile ../shared/corpora/eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml -o out/ccm --only CCM-4.29
    regc compile --celex 32021R2139 --version 2026-01-01 -o out/climate --jobs 2

Writes ``OUTDIR/<activity_id>.json`` (``Activity.dumps()``; ``--with-provenance`` keeps provenance) and
``OUTDIR/diagnostics.jsonl``, atomically (see :mod:`regc.compiler.build`).  Prints a summary line (activities,
units, nodes, seconds) and the seconds per pass.  Same input, same bytes, whatever ``--jobs`` and whether the
on-disk cache (:mod:`regc.compiler.cache`: ``$REGC_CACHE_DIR``, else ``$XDG_CACHE_HOME/regc``, else
``~/.cache/regc``) was cold, warm or off (``--no-cache``).  A progress bar goes to stderr on a terminal (not with
``-q``).  ``--jobs N`` forks N workers that die with the parent (SIGTERM/SIGINT end the pool; exit 143/130).
Exit 0 ok, 1 with ``--strict`` when any diagnostic is error-level (the build is still written), 2 bad input
(one-line error naming the file; nothing written).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # imported where used: a build read back whole from the cache needs neither models nor passes
    from regc.compiler.passmanager import CompileOptions, PassRecord
    from regc.ir.doc import ActDoc, ActivityDoc
    from regc.ir.models import Activity, Diagnostic

ABLATIONS = ("odr", "graph")


def register(sub) -> None:
    p = sub.add_parser("compile", help="compile source documents into criterion IR (EU-TaxoStruct JSON)",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("sources", nargs="*", metavar="SOURCE", help="EUR-Lex XHTML / OJ HTML / Formex / Compass file")
    p.add_argument("-o", "--output", required=True, metavar="OUTDIR", help="build folder to write (replaced)")
    p.add_argument("--only", action="append", default=[], metavar="ACTIVITY",
                   help="compile only this activity id, e.g. CCM-4.29 (repeatable)")
    p.add_argument("--format", choices=("eurlex-xhtml", "oj-html", "formex", "compass-html"),
                   help="source format (default: detected from the content)")
    p.add_argument("--corpus", metavar="DIR", help="corpus folder (default: $REGC_CORPUS, then ../shared/corpora)")
    p.add_argument("--celex", help="take the source from the corpus by CELEX number, e.g. 32021R2139")
    p.add_argument("--version", dest="doc_version", metavar="DATE",
                   help="consolidation date with --celex, e.g. 2026-01-01 (default: latest in the corpus)")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="worker processes (output is identical)")
    p.add_argument("--ablate", action="append", default=[], choices=ABLATIONS,
                   help="switch off the ODR loop or the graph layer (repeatable)")
    p.add_argument("--with-provenance", action="store_true", help="keep provenance (_provenance) in the output")
    p.add_argument("--emit", choices=("python",), help="also emit an executable evaluator per activity")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the summary line (no progress bar)")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 when any diagnostic is error-level (error or critical); the build is still written")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the on-disk cache ($REGC_CACHE_DIR, else $XDG_CACHE_HOME/regc, "
                        "else ~/.cache/regc)")
    p.add_argument("--resolve", action="store_true",
                   help="verify/correct CELEX ids and enrich references from a retrieval index (needs --index)")
    p.add_argument("--index", metavar="INDEX", help="index built by `regc index`, for --resolve")
    from regc.cli.optimize import add_compile_arguments  # --lm/--api-base/--hybrid/--budget/--program

    add_compile_arguments(p)
    p.set_defaults(func=_cmd)


# ---------------------------------------------------------------------------------------------------------------


def corpus_file_name(fmt: Optional[str]) -> Optional[str]:
    """The corpus file a ``--format`` asks for with ``--celex`` (``formex`` -> the ``en.fmx4`` folder);
    None: the default order (``en.xml``, ``en.html``, ``en.fmx4``).

    >>> corpus_file_name("formex"), corpus_file_name(None)
    ('en.fmx4', None)
    """
    return {"formex": "en.fmx4", "oj-html": "en.html"}.get(fmt or "")


def resolve_sources(args) -> list[tuple[Path, Optional[str]]]:
    """(path, format) for every source named on the command line or located by ``--celex``."""
    from regc.cli import CLIError
    from regc.retrieval.locate import corpus_root

    out: list[tuple[Path, Optional[str]]] = [(Path(s), args.format) for s in args.sources]
    if args.corpus and not Path(args.corpus).is_dir():  # never fall back silently to another corpus
        raise CLIError(f"{args.corpus}: --corpus is not a folder")
    if args.celex:
        from regc.frontends import FrontEndError, find_in_corpus

        root = corpus_root(args.corpus)
        if root is None:
            raise CLIError(f"no corpus folder (looked at --corpus {args.corpus or '-'}, $REGC_CORPUS, "
                           f"../shared/corpora); pass --corpus DIR or a SOURCE file")
        try:
            path = find_in_corpus(root, args.celex, args.doc_version, corpus_file_name(args.format))
        except FrontEndError as first:
            # acts held only as Formex in the corpus: ``<version>/en.fmx4/`` is a folder
            fmx = Path(str(first.file)).with_name("en.fmx4")
            if not fmx.is_dir():
                raise CLIError(str(first)) from None
            path = fmx
        out.append((path, args.format))
    elif args.doc_version:
        raise CLIError("--version needs --celex")
    if not out:
        raise CLIError("nothing to compile: give SOURCE files or --celex")
    for p, _ in out:
        if not p.exists():
            raise CLIError(f"{p}: file not found")
    return out


@contextmanager
def _kept_whole():
    """No collection while a front-end builds a document that the compile keeps whole (2021/2139: 12 young and one
    middle-generation collection, ~0.1 s CPU, that only traversed the growing document); what was built is then
    frozen, as :func:`_run_tasks` freezes what it keeps.  Collection never changes what a command computes.

    >>> with _kept_whole():
    ...     paused = not gc.isenabled()
    >>> paused, gc.isenabled(), gc.unfreeze()
    (True, True, None)
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        if was:
            gc.enable()


def load_all(sources: list[tuple[Path, Optional[str]]], store=None, only: Optional[list[str]] = None) -> list[ActDoc]:
    """Every source's document (through the on-disk ``store`` when there is one; with ``only``, front-ends that
    can skip the other activities do)."""
    from regc.cli import CLIError
    from regc.compiler.cache import load_source_cached
    from regc.ir.doc import FrontEndError

    acts: list[ActDoc] = []
    owner: dict[str, Path] = {}
    for path, fmt in sources:
        try:
            with _kept_whole():
                act = load_source_cached(path, fmt, store, only)
        except FrontEndError as e:
            raise CLIError(str(e)) from None
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise CLIError(f"{path}: cannot read source: {e}") from None
        for a in act.activities:
            if a.activity_id in owner:
                raise CLIError(f"{path}: activity {a.activity_id} is also in {owner[a.activity_id]}; "
                               f"compile the two sources separately")
            owner[a.activity_id] = path
        acts.append(act)
    return acts


# The activities to compile and the options, set in the parent before the worker processes fork: a worker reads
# them from its copy of the parent's memory (nothing is pickled on the way in, no module is imported again).
_TASKS: list[tuple[ActDoc, ActivityDoc, str]] = []
_OPTIONS: Optional[CompileOptions] = None
_PACK: dict[str, bool] = {}  # {"with_provenance": ...}: workers send activities back as build text


class PackedActivity:
    """An activity compiled in a worker process, sent back as the text its build file holds
    (``Activity.dumps``): a few MB of text unpickle in milliseconds, the models in about half a second.  Enough
    of an Activity for :func:`regc.compiler.build.write_build` and :func:`summarise`.

    >>> from regc.ir.models import Activity, ActSource, CriterionNode, Unit
    >>> a = Activity(activity_id="X-1", name="x", source=ActSource(celex="c", format="eurlex-xhtml"),
    ...              units=[Unit(unit_id="X-1/SC", root=CriterionNode(criterion_id="ROOT"))])
    >>> p = PackedActivity(a, False); (p.activity_id, p.size, p.dumps() == a.dumps())
    ('X-1', (1, 1), True)
    """

    def __init__(self, act: Activity, with_provenance: bool):
        self.activity_id = act.activity_id
        self.with_provenance = with_provenance
        self.text = act.dumps(with_provenance)
        self.size = (len(act.units), sum(1 for u in act.units for _ in u.root.walk()))

    def dumps(self, with_provenance: bool = False) -> str:
        if with_provenance != self.with_provenance:
            raise ValueError(f"{self.activity_id} was packed with_provenance={self.with_provenance}")
        return self.text


def _pipeline(options: CompileOptions):
    """The default pipeline (None), or with ``--resolve`` the resolution pass before assembly."""
    if not options.extra.get("resolver"):
        return None
    from regc.passes import PIPELINE, assembly
    from regc.retrieval import resolve_pass as resolve

    i = PIPELINE.index(assembly) if assembly in PIPELINE else len(PIPELINE)
    return PIPELINE[:i] + (resolve,) + PIPELINE[i:]


def _compile_one(i: int) -> tuple[Activity, list[Diagnostic], list[PassRecord]]:
    """Compile task ``i`` of :data:`_TASKS` (in the parent or in a forked worker)."""
    from regc.compiler.driver import compile_activity_cached

    act, adoc, digest = _TASKS[i]
    assert _OPTIONS is not None
    return compile_activity_cached(act, adoc, _OPTIONS, _pipeline(_OPTIONS), digest)


def _compile_in_worker(i: int) -> tuple:
    """:func:`_compile_one` in a forked worker: what it wrote to the cache is committed before the result goes
    back (a worker's buffer dies with it; in the parent one commit at the end serves every activity)."""
    result = _compile_one(i)
    if _OPTIONS is not None and _OPTIONS.store is not None:
        _OPTIONS.store.flush()
    if _PACK:
        act, diags, records = result
        return PackedActivity(act, _PACK["with_provenance"]), diags, records
    return result


def _worker_init(parent: int) -> None:
    """A worker dies with its parent: SIGTERM back to the default, and (Linux) a parent-death signal."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C goes to the parent, which ends the pool
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _terminate(signum, frame):  # noqa: ARG001
    raise SystemExit(128 + signum)  # leaves the `with pool:` block, which kills the workers


def _run_tasks(n: int, jobs: int, progress) -> list:
    """Results of tasks ``0..n-1`` in order: in this process, or in ``jobs`` forked workers."""
    if jobs <= 1 or n <= 1:
        out = []
        gc.freeze()  # what is kept (sources, results, memos) leaves the collector's generations: ~8 % CPU
        for i in range(n):
            out.append(_compile_one(i))
            gc.freeze()
            progress.update(1)
        gc.unfreeze()
        return out
    from regc.passes import PIPELINE  # noqa: F401  (the passes imported once here, not in every worker)
    from regc.verify import graph  # noqa: F401

    if _OPTIONS is not None and _OPTIONS.store is not None:
        _OPTIONS.store.flush()  # what the parent wrote (the source document) is not inherited by every worker
    import multiprocessing  # here, not at the top: ~30 ms (pickle, socket) a --jobs 1 run does not need

    ctx = multiprocessing.get_context("fork")
    main_thread = threading.current_thread() is threading.main_thread()  # signal handlers live there only
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    gc.freeze()  # the parent's objects (the source documents) stay out of the workers' collections: no copy-on-write
    try:
        with ctx.Pool(min(jobs, n), initializer=_worker_init, initargs=(os.getpid(),)) as pool:
            out = []
            for r in pool.imap(_compile_in_worker, range(n), chunksize=2):
                out.append(r)
                progress.update(1)
            return out
    finally:
        gc.unfreeze()
        if main_thread:
            signal.signal(signal.SIGTERM, previous)


class _NoBar:
    """What :func:`_progress_bar` gives where nothing is shown (tqdm is not even imported for it)."""

    def __enter__(self) -> "_NoBar":
        return self

    def __exit__(self, *exc) -> None:
        return None

    def update(self, n: int = 1) -> None:
        return None


def _progress_bar(total: int, progress: bool):
    """A tqdm bar on stderr when ``progress`` and stderr is a terminal (where tqdm's ``disable=None`` shows one),
    else :class:`_NoBar`.

    >>> isinstance(_progress_bar(3, False), _NoBar)
    True
    """
    if not (progress and hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return _NoBar()
    import tqdm as _tqdm

    _tqdm.tqdm.monitor_interval = 0  # no monitor thread alive when the workers fork
    return _tqdm.tqdm(total=total, unit="activity", file=sys.stderr, leave=False, desc="compile")


def compile_sources(acts: list[ActDoc], options: CompileOptions, only: list[str] | None = None,
                    jobs: int = 1, progress: bool = False,
                    pack: Optional[bool] = None) -> tuple[list[Activity], list[Diagnostic], list[PassRecord]]:
    """Compile every (selected) activity of every act; results in source order whatever ``jobs``.

    ``progress``: a progress bar on stderr (tqdm; shown on a terminal only).  ``pack`` (a ``with_provenance``
    setting): with ``jobs > 1``, activities come back as :class:`PackedActivity` (their build text), for a caller
    that only writes and counts them."""
    global _OPTIONS
    from regc.compiler.driver import act_digest

    tasks = []
    for act in acts:
        digest = act_digest(act) if options.store is not None else ""
        tasks.extend((act, adoc, digest) for adoc in act.activities if not only or adoc.activity_id in only)
    _TASKS[:], _OPTIONS = tasks, options
    _PACK.clear()
    if pack is not None:
        _PACK["with_provenance"] = pack
    try:
        with _progress_bar(len(tasks), progress) as bar:
            results = _run_tasks(len(tasks), jobs, bar)
    finally:
        _TASKS.clear()
        _PACK.clear()
        _OPTIONS = None
        if options.store is not None:
            options.store.flush()
    activities = [r[0] for r in results]
    diags = [d for r in results for d in r[1]]
    records = [rec for r in results for rec in r[2]]
    return activities, diags, records


EVALUATOR_FILE = "evaluator.py"


def emit_python_into(folder: Path, activities: list[Activity]) -> None:
    """Write ``evaluator.py`` (``regc.runtime.codegen.emit_python(activities) -> str``: a standalone module with
    ``evaluate(activity_id, facts)``) into the build folder."""
    from regc.cli import CLIError

    try:
        from regc.runtime.codegen import emit_python  # type: ignore[import-not-found]
    except ImportError as e:
        raise CLIError(f"--emit python is not available in this build (regc.runtime.codegen: {e})") from None
    (folder / EVALUATOR_FILE).write_text(emit_python(activities), encoding="utf-8")


def build_counts(activities: list[Activity], diags: list[Diagnostic]) -> dict:
    """The figures of the summary line: activities, units, nodes, diagnostics and error-level diagnostics."""
    sizes = [getattr(a, "size", None) or (len(a.units), sum(1 for u in a.units for _ in u.root.walk()))
             for a in activities]
    return {"activities": len(activities), "units": sum(u for u, _n in sizes), "nodes": sum(n for _u, n in sizes),
            "diagnostics": len(diags), "errors": sum(1 for d in diags if d.severity in ("error", "critical"))}


def summarise(activities: list[Activity], records: list[PassRecord], seconds: float) -> tuple[str, str]:
    counts = build_counts(activities, [])
    line = (f"{counts['activities']} activities, {counts['units']} units, {counts['nodes']} nodes in "
            f"{seconds:.2f} s")
    return line, pass_seconds_line(records)


def pass_seconds_line(records: list[PassRecord]) -> str:
    """``passes: structure 0.41s, thresholds 0.30s, …`` (seconds summed over the units, in pipeline order)."""
    per: dict[str, float] = {}
    for r in records:
        per[r.pass_name] = per.get(r.pass_name, 0.0) + r.seconds
    return "passes: " + ", ".join(f"{k} {v:.2f}s" for k, v in per.items())


def _check_output(out: Path) -> None:
    """Refuse, before compiling, an ``-o`` that is a file or a folder regc did not write (it would be replaced)."""
    from regc.cli import CLIError
    from regc.compiler.build import BUILD_MARKER, is_replaceable_build

    if out.is_symlink():
        out = out.resolve()  # the build is written through the link
    if not out.exists():
        return
    if not out.is_dir():
        raise CLIError(f"{out}: exists and is not a folder; choose another -o")
    if not is_replaceable_build(out):
        raise CLIError(f"{out}: exists and is not a regc build folder (no {BUILD_MARKER} file); it would be "
                       "replaced: choose another -o or remove it")


def _options(args, decider, store) -> CompileOptions:
    """CompileOptions from the command line (``--resolve`` checks its index before any work)."""
    from regc.cli import CLIError
    from regc.compiler.passmanager import CompileOptions

    options = CompileOptions(ablate=frozenset(args.ablate), with_provenance=args.with_provenance)
    if args.resolve:
        if not args.index:
            raise CLIError("--resolve needs --index INDEX (build one with: regc index CORPUS -o INDEX)")
        from regc.retrieval.index import IndexError_
        from regc.retrieval.search import Searcher

        try:
            Searcher.open(args.index)  # fail early, with the command to build it
        except IndexError_ as e:
            raise CLIError(str(e)) from None
        options.extra["resolver"] = {"index": str(Path(args.index).resolve()), "fusion": "rrf"}
    elif args.index:
        raise CLIError("--index is only used with --resolve")
    options.decider = decider  # None with --lm none (rules only)
    options.store = store
    return options


def _build_cache_key(args, sources, store) -> Optional[str]:
    """The whole-build key of this compile, or None when its output is not kept whole (no cache, a model in the
    loop, ``--resolve``, ``--emit``: their output depends on more than the source and the options)."""
    if store is None or args.emit or args.resolve or args.index or (getattr(args, "lm", "none") or "none") != "none":
        return None
    from regc.compiler.cache import build_key

    return build_key(sources, args.only, args.ablate, args.with_provenance)


def _write(output: str, files, extra=None) -> Path:
    from regc.cli import CLIError
    from regc.compiler.build import write_build_files

    try:
        return write_build_files(output, files, extra)
    except OSError as e:
        raise CLIError(f"{output}: cannot write the build: {e.strerror or e}") from None  # not the tmp name


def _report(args, out: Path, counts: dict, seconds: float, detail: str) -> int:
    """Print the summary line (and with ``--strict`` the error count); the exit code."""
    line = (f"{counts['activities']} activities, {counts['units']} units, {counts['nodes']} nodes in "
            f"{seconds:.2f} s")
    n_err = counts["errors"]
    print(f"compiled {line} -> {out} ({counts['diagnostics']} diagnostics, {n_err} errors)")
    if not args.quiet and detail:
        print(detail)
    sys.stdout.flush()
    if args.strict and n_err:
        print(f"regc: {n_err} error-level diagnostic(s) (--strict); see {out}/diagnostics.jsonl", file=sys.stderr)
        return 1
    return 0


def _cmd(args) -> int:
    from regc.cli import CLIError
    from regc.compiler.build import build_files
    from regc.compiler.cache import get_build, open_store, put_build

    if args.jobs < 1:
        raise CLIError("--jobs must be at least 1")
    from regc.cli.optimize import decider_from_args, fallback_line, usage_line

    decider = decider_from_args(args)  # --lm/--hybrid/--budget/--program checked before any work
    _check_output(Path(args.output))
    t0 = time.perf_counter()
    sources = resolve_sources(args)
    store = open_store(not args.no_cache)
    key = _build_cache_key(args, sources, store)
    kept = get_build(store, key) if key is not None else None
    if kept is not None:  # the same sources, options and code: the build written before
        files, counts = kept
        out = _write(args.output, files)
        return _report(args, out, counts, time.perf_counter() - t0, "load 0.00s; the whole build from the cache")
    options = _options(args, decider, store)
    only = list(dict.fromkeys(args.only))
    acts = load_all(sources, options.store, only)
    if only:
        known = {a.activity_id for act in acts for a in act.activities}
        missing = [o for o in only if o not in known]
        if missing:
            raise CLIError(f"{sources[0][0]}: no activity {', '.join(missing)} in the source(s)")
    t_load = time.perf_counter() - t0
    pack = None if args.emit == "python" else args.with_provenance  # the evaluator needs the models
    activities, diags, records = compile_sources(acts, options, only, args.jobs, progress=not args.quiet, pack=pack)
    extra = (lambda folder: emit_python_into(folder, activities)) if args.emit == "python" else None
    files = build_files(activities, diags, with_provenance=args.with_provenance)
    out = _write(args.output, files, extra)
    counts = build_counts(activities, diags)
    if key is not None:
        put_build(store, key, files, counts)
        store.flush()
    passes = pass_seconds_line(records)
    detail = ""
    if not args.quiet:
        cache = f"; cache {store.hits} hit(s), {store.misses} miss(es)" if store is not None else "; cache off"
        detail = f"load {t_load:.2f}s; {passes}{cache}"
        if options.decider is not None and args.jobs == 1:
            detail += "\n" + usage_line(options.decider)
    if fallback_line(options.decider, diags):  # even with -q: the run fell back to rules
        print(fallback_line(options.decider, diags), file=sys.stderr)
    return _report(args, out, counts, time.perf_counter() - t0, detail)


__all__ = ["compile_sources", "register", "resolve_sources", "load_all", "summarise", "emit_python_into"]
