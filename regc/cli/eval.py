"""CLI: ``regc eval``, ``regc facts template|check``, ``regc emit python``.

    regc eval BUILD_DIR FACTS.{json,yaml} [--activity ID] [--format table|json|html] [-o OUT] [--as-of DATE]
    regc eval BUILD_DIR portfolio.{csv,parquet} [-o results.csv] [--engine dask [--scheduler ADDRESS]]
                                                            # batch: one result row per (company, activity)
    regc facts template BUILD_DIR CCM-4.29 [-o FILE] [--format yaml|json]
    regc facts check BUILD_DIR FACTS
    regc emit python BUILD_DIR -o evaluator.py

Exit codes: 0 evaluated (whatever the verdicts), 2 bad input (unreadable build or facts, a build from another
regc version, unusable fact values unless ``--lenient``, which turns them into UNKNOWN with the reason).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path
from typing import Optional

from regc import __version__
from regc.cli import CLIError
from regc.io import atomic_write_text
from regc.ir.models import SCHEMA_VERSION, Activity
from regc.runtime import kernel
from regc.runtime.facts import FactsError, load_facts, parse_json


def load_build(build_dir: str | Path, only: Optional[set[str]] = None) -> dict[str, Activity]:
    """Read a build folder (``<activity_id>.json`` per activity; other JSON files are skipped).  A file written
    by another regc version or schema is an error: rebuild it."""
    root = Path(build_dir)
    if not root.is_dir():
        raise CLIError(f"{root}: not a build folder")
    out: dict[str, Activity] = {}
    for p in sorted(root.glob("*.json")):
        if only is not None and p.stem not in only:
            continue
        try:
            d = parse_json(p.read_text(encoding="utf-8"), str(p))
        except (OSError, UnicodeDecodeError, FactsError) as e:
            msg = str(e)  # the JSON reader already names the file (path:line:column): name it once
            raise CLIError(msg if msg.startswith(str(p)) else f"{p}: cannot read activity JSON: {msg}") from e
        if not isinstance(d, dict) or "activity_id" not in d or "units" not in d:
            continue
        meta = d.get("_regc") or {}
        if meta.get("schema") not in (None, SCHEMA_VERSION):
            raise CLIError(f"{p}: built with IR schema {meta.get('schema')!r}, this regc reads {SCHEMA_VERSION!r}; "
                           "rebuild it")
        if meta.get("version") not in (None, __version__):
            raise CLIError(f"{p}: built by regc {meta.get('version')}, this is regc {__version__}; rebuild it")
        try:
            act = Activity.from_json(d)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise CLIError(f"{p}: not a valid activity file: {_load_problem(p, e)}") from e
        _refuse_broken_graph(p, act)
        if act.activity_id in out:
            raise CLIError(f"{p}: activity {act.activity_id} appears twice in the build")
        out[act.activity_id] = act
    if not out and only is None:
        raise CLIError(f"{root}: no activity files in the build")
    return out


def _load_problem(path: Path, exc: Exception) -> str:
    """Where an activity file is broken (``units[0].root.sub_criteria[1]: evaluation_logic: ...``), from the
    node-by-node loader of ``regc check``; the exception's first line when that finds nothing."""
    from regc.cli.check import load_for_check

    try:
        _act, findings, _raw = load_for_check(path)
    except Exception:  # noqa: BLE001 - fall back to the exception text
        findings = []
    errs = [f for f in findings if f["severity"] in ("error", "critical")]
    if errs:
        msg = errs[0]["message"]
        msg = msg[len(str(path)) + 2:] if msg.startswith(f"{path}: ") else msg
        where = " ".join(x for x in (errs[0].get("unit_id"), errs[0].get("criterion_id")) if x)
        return (f"{where}: " if where else "") + msg
    return str(exc).splitlines()[0]


# graph findings that make an evaluation meaningless (the rest are reported by `regc check` but evaluate fine)
UNSOUND_GRAPH_CODES = frozenset({"EDGE_CYCLE", "DANGLING_EDGE", "SELF_EDGE", "HIERARCHY_NOT_TREE", "EMPTY_ID",
                                 "N_OF_K_RANGE"})


def _refuse_broken_graph(path: Path, act: Activity) -> None:
    """A hand-edited build whose criterion graph breaks spec §4 (dependency cycle, dangling edge, duplicate id,
    N_OF_K out of range) cannot be evaluated soundly: refuse it, naming the unit and criterion."""
    from regc.verify.graph import check_unit_graph

    for unit in act.units:
        for d in check_unit_graph(unit):
            if d.severity in ("error", "critical") and d.code in UNSOUND_GRAPH_CODES:
                where = unit.unit_id + (f" {d.criterion_id}" if d.criterion_id else "")
                raise CLIError(f"{path}: {where}: {d.code}: {d.message} (see `regc check`)")


def _write_out(text: str, output: Optional[str]) -> None:
    """``text`` to ``output`` (atomically) or, without one, to stdout."""
    if output:
        try:
            atomic_write_text(output, text)
        except OSError as e:  # unwritable target: name the file the user gave, not the temporary one
            raise CLIError(f"{output}: cannot write: {e.strerror or e}") from e
    else:
        sys.stdout.write(text)


def _load_facts(path: str | Path) -> dict:
    try:
        return load_facts(path)
    except FactsError as e:
        raise CLIError(str(e)) from e


def _refuse_overwriting_input(output: Optional[str], source: Path) -> None:
    """``-o`` naming the input file (or a link to it) would replace the user's facts with the report."""
    if output and Path(output).exists() and Path(output).resolve() == source.resolve():
        raise CLIError(f"{output}: the output would overwrite the input {source}; choose another -o")


def _as_of(s: Optional[str]) -> Optional[dt.date]:
    if s is None:
        return None
    try:
        return kernel.parse_date(s, "--as-of")
    except kernel.FactError as e:
        raise CLIError(str(e)) from e


def cmd_eval(args: argparse.Namespace) -> int:
    from regc.runtime.evaluator import CompiledActivity

    facts_path = Path(args.facts)
    if facts_path.suffix.lower() in (".csv", ".parquet", ".pq"):
        return _cmd_batch(args, facts_path)
    if args.engine != "local":
        raise CLIError(f"--engine {args.engine} evaluates a portfolio (.csv or .parquet), not {facts_path.name}")
    _refuse_overwriting_input(args.output, facts_path)
    doc = _load_facts(facts_path)
    wanted = list(doc["activities"])
    if args.activity:
        if args.activity not in doc["activities"]:
            raise CLIError(f"{facts_path}: no facts for activity {args.activity!r}")
        wanted = [args.activity]
    build = load_build(args.build_dir, set(wanted))
    missing_acts = [a for a in wanted if a not in build]
    if missing_acts:
        raise CLIError(f"{facts_path}: activity {missing_acts[0]!r} is not in the build {args.build_dir}")
    as_of, as_of_source = assessment_date(_as_of(args.as_of), doc["as_of"], not args.no_today)
    results: dict[str, dict] = {}
    explanations = []
    for aid in wanted:
        ca = CompiledActivity(build[aid])
        res = ca.evaluate(doc["activities"][aid], as_of=as_of, where=f"{facts_path}: activities[{aid!r}]",
                          explain=args.format in ("html", "table") or args.explain)
        if res["errors"] and not args.lenient:
            more = f" (and {len(res['errors']) - 1} more)" if len(res["errors"]) > 1 else ""
            raise CLIError(res["errors"][0] + more)
        for w in res["warnings"]:
            print(f"regc: warning: {w}", file=sys.stderr)
        if "explanation" in res:
            explanations.append(res["explanation"] if args.format == "html" else None)
            if args.format == "table":
                res["reasons"] = reasons_of(res.pop("explanation"))
            elif args.format == "html":
                res.pop("explanation")
        results[aid] = res
    as_of_text = as_of.isoformat() if as_of else None
    if args.format == "json":
        text = json.dumps({"as_of": as_of_text, "activities": results}, ensure_ascii=False, indent=1) + "\n"
    elif args.format == "html":
        from regc.runtime.report import render

        text = render(explanations, results, as_of=as_of_line(as_of, as_of_source))
    else:
        text = as_of_line(as_of, as_of_source) + "\n\n" + render_table(build, results)
    _write_out(text, args.output)
    return 0


def assessment_date(cli: Optional[dt.date], facts: Optional[dt.date], today: bool) -> tuple[Optional[dt.date], str]:
    """The assessment date and where it came from: ``--as-of``, else the facts' ``as_of``, else today (unless
    ``--no-today``).  >>> assessment_date(None, dt.date(2026, 1, 1), True)
    (datetime.date(2026, 1, 1), 'facts')"""
    if cli is not None:
        return cli, "--as-of"
    if facts is not None:
        return facts, "facts"
    if today:
        return dt.date.today(), "today"
    return None, "none"


def as_of_line(as_of: Optional[dt.date], source: str) -> str:
    """One line naming the assessment date used (and why), for table and HTML output."""
    if as_of is None:
        return "assessment date: none (--no-today): rules with effective dates stay UNKNOWN"
    why = {"--as-of": "from --as-of", "facts": "from the facts' as_of",
           "today": "today's date: the facts give no as_of"}.get(source, source)
    return f"assessment date: {as_of.isoformat()} ({why})"


def reasons_of(explanation: dict) -> dict[str, str]:
    """Criterion id -> the explanation's reason (and arithmetic), from an explanation tree."""
    out: dict[str, str] = {}
    stack = [u["root"] for u in explanation.get("units", [])]
    while stack:
        n = stack.pop()
        why = "; ".join([*n.get("arithmetic", []), n.get("reason", "")][:3]).strip("; ")
        if why:
            out[n["id"]] = why
        stack.extend(n.get("children", []))
    return out


def render_table(build: dict[str, Activity], results: dict[str, dict]) -> str:
    """One line per criterion: id, verdict and (for a verdict other than PASS) why."""
    lines = []
    for aid, res in results.items():
        lines.append(f"{aid}  {build[aid].name}  =>  {res['verdict']}")
        lines.append("  units: " + ", ".join(f"{p} {v}" for p, v in res["units"].items()))
        width = max([len(c) for c in res["criteria"]] + [9])
        reasons = res.get("reasons") or {}
        for cid, v in res["criteria"].items():
            why = reasons.get(cid) if v != "PASS" else None
            lines.append(f"  {cid:<{width}}  {v:<14}  {why}" if why else f"  {cid:<{width}}  {v}")
        if res["missing"]:
            lines.append("  missing: " + ", ".join(res["missing"]))
        for e in res["errors"]:
            lines.append("  error: " + e)
        lines.append("")
    return "\n".join(lines)


def _cmd_batch(args: argparse.Namespace, src: Path) -> int:
    from regc.runtime.batch import run_csv
    from regc.runtime.evaluator import CompiledActivity, compile_plan

    build = load_build(args.build_dir, {args.activity} if args.activity else None)
    dst = Path(args.output) if args.output else src.with_name(src.stem + ".results.csv")
    if dst.resolve() == src.resolve():
        raise CLIError(f"{dst}: the results file would overwrite the portfolio")
    if not src.is_file():
        raise CLIError(f"{src}: portfolio not found" if not src.exists() else f"{src}: not a file")
    try:
        if args.engine == "dask":
            from regc.runtime.distributed import run_dask

            plans = {aid: compile_plan(a) for aid, a in build.items()}
            summary = run_dask(plans, src, dst, _as_of(args.as_of), scheduler=args.scheduler,
                               workers=args.workers, progress=_progress_printer())
        else:
            compiled = {aid: CompiledActivity(a) for aid, a in build.items()}
            summary = run_csv(compiled, src, dst, _as_of(args.as_of))
    except UnicodeDecodeError as e:
        raise CLIError(f"{src}: not valid UTF-8 at byte {e.start} ({e.reason}); save the CSV as UTF-8") from e
    except OSError as e:  # the portfolio was readable above: the results file cannot be written
        name = dst if e.filename is None or Path(str(e.filename)).resolve() != src.resolve() else src
        raise CLIError(f"{name}: cannot {'write' if name == dst else 'read'}: {e.strerror or e}") from e
    except ValueError as e:
        msg = str(e)
        raise CLIError(msg if msg.startswith(f"{src}:") else f"{src}: {msg}") from e
    c = summary["counts"]
    as_of = _as_of(args.as_of)
    print(f"{summary['rows']} rows -> {dst}: " + ", ".join(f"{k} {v}" for k, v in c.items()) +
          f" ({as_of_line(as_of, '--as-of') if as_of else 'assessment date: none (batch: give --as-of)'})")
    if summary.get("rows_with_errors"):
        print(f"regc: warning: {summary['rows_with_errors']} row(s) with errors (unusable values or malformed "
              f"rows): see the errors column of {dst}", file=sys.stderr)
    return 0


def _progress_printer():
    """``progress(rows_done)`` for the Dask engine: one stderr line per ~50,000 rows (and the last one)."""
    state = {"next": 0}

    def progress(done: int) -> None:
        if done >= state["next"]:
            print(f"regc: {done:,} rows evaluated", file=sys.stderr, flush=True)
            state["next"] = done + 50_000

    return progress


def cmd_facts_template(args: argparse.Namespace) -> int:
    from regc.runtime.evaluator import compile_plan
    from regc.runtime.facts import template

    build = load_build(args.build_dir, {args.activity})
    if args.activity not in build:
        raise CLIError(f"{args.build_dir}: activity {args.activity!r} is not in the build")
    reported, as_of = None, None
    if getattr(args, "from_disclosure", None):  # pre-fill from a company report (regc extract)
        from regc.reports.prefill import as_of as fy_end, reported_by_part
        from regc.reports.score import load_json
        try:
            disc = load_json(args.from_disclosure)
        except Exception as e:
            raise CLIError(str(e)) from None
        reported, as_of = reported_by_part(disc, args.activity), fy_end(disc)
    text = template(compile_plan(build[args.activity]), args.format, reported, as_of)
    _write_out(text, args.output)
    return 0


def cmd_facts_check(args: argparse.Namespace) -> int:
    from regc.runtime.evaluator import CompiledActivity

    doc = _load_facts(args.facts)
    build = load_build(args.build_dir, set(doc["activities"]))
    problems = 0
    for aid, raw in doc["activities"].items():
        if aid not in build:
            print(f"{args.facts}: error: activity {aid!r} is not in the build")
            problems += 1
            continue
        _facts, issues = CompiledActivity(build[aid]).read_facts(raw, f"{args.facts}: activities[{aid!r}]")
        for sev, msg in issues:
            print(f"{sev}: {msg}")
            problems += sev == "error"
    if not problems:
        n = len(doc["activities"])
        print(f"{args.facts}: ok: {n} activit{'y' if n == 1 else 'ies'} checked, no errors")
    return 1 if problems else 0


def cmd_emit_python(args: argparse.Namespace) -> int:
    from regc.runtime.codegen import emit_python

    build = load_build(args.build_dir)
    text = emit_python(list(build.values()))
    _write_out(text, None if args.output == "-" else args.output)
    return 0


def register(sub) -> None:
    ev = sub.add_parser("eval", help="evaluate facts against a build (compliance verdicts)")
    ev.add_argument("build_dir")
    ev.add_argument("facts", help="facts .json/.yaml, or a portfolio .csv/.parquet (batch)")
    ev.add_argument("--activity", help="only this activity")
    ev.add_argument("--format", choices=("table", "json", "html"), default="table")
    ev.add_argument("-o", "--output", help="write here (atomically) instead of stdout; batch: results CSV")
    ev.add_argument("--as-of", help="assessment date YYYY-MM-DD (default: the facts' as_of, else today)")
    ev.add_argument("--no-today", action="store_true", help="no default assessment date")
    ev.add_argument("--explain", action="store_true", help="json: include the explanation tree")
    ev.add_argument("--lenient", action="store_true", help="unusable facts -> UNKNOWN with the reason, not exit 2")
    ev.add_argument("--engine", choices=("local", "dask"), default="local",
                    help="portfolio batch: one process (local) or Dask partitions (dask)")
    ev.add_argument("--scheduler", metavar="ADDRESS",
                    help="--engine dask: scheduler address (default: a local cluster for the run)")
    ev.add_argument("--workers", type=int, default=2, help="--engine dask without --scheduler: local workers")
    ev.set_defaults(func=cmd_eval)

    fa = sub.add_parser("facts", help="facts templates and checks")
    fsub = fa.add_subparsers(dest="facts_command", metavar="ACTION")
    fsub.required = True  # `regc facts` alone: its own usage line, not the top-level help
    tp = fsub.add_parser("template", help="write a fill-in facts template for an activity")
    tp.add_argument("build_dir")
    tp.add_argument("activity")
    tp.add_argument("-o", "--output")
    tp.add_argument("--format", choices=("yaml", "json"), default="yaml")
    tp.add_argument("--from-disclosure", metavar="DISCLOSURE.json", help="pre-fill with what a report states")
    tp.set_defaults(func=cmd_facts_template)
    ck = fsub.add_parser("check", help="validate a facts file against a build")
    ck.add_argument("build_dir")
    ck.add_argument("facts")
    ck.set_defaults(func=cmd_facts_check)

    emit = sub.choices.get("emit") if hasattr(sub, "choices") else None
    if emit is None:
        emit = sub.add_parser("emit", help="emit artefacts from a build")
        esub = emit.add_subparsers(dest="emit_target", metavar="TARGET")
        esub.required = True
    else:  # another module owns "emit": add our target to its sub-commands when it has them
        esub = next((a for a in emit._actions if isinstance(a, argparse._SubParsersAction)), None)
    if esub is not None and "python" not in esub.choices:
        py = esub.add_parser("python", help="standalone Python evaluator module (stdlib only)")
        py.add_argument("build_dir")
        py.add_argument("-o", "--output", help="output .py file (default stdout)")
        py.set_defaults(func=cmd_emit_python)
