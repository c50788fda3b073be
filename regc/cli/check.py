"""`regc check BUILD_DIR [--json]` (graph invariants + Z3 logic checks per activity) and `regc diff A B`
(semantic equivalence of two compilations: two activity files, or two build folders).

Exit codes: check — 0 clean, 1 when any error-level finding; diff — 0 equivalent, 1 different; 2 bad usage.
A corrupt file (invalid JSON, a non-numeric value, a missing key) is a finding naming the file, unit and
criterion, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from regc.io import atomic_path, atomic_write_text
from regc.ir.models import Activity, ActSource, CriterionNode, CRITERION_KEYS, Edge, Unit

SEVERITY_ORDER = {"info": 0, "warning": 1, "error": 2, "critical": 3}


@dataclass
class FileReport:
    path: str
    activity_id: Optional[str] = None
    units: int = 0
    criteria: int = 0
    satisfiable: int = 0
    checked_units: int = 0
    findings: list[dict] = field(default_factory=list)
    unit_results: list[dict] = field(default_factory=list)  # per unit: satisfiable, witness, solver time
    seconds: float = 0.0
    solver_seconds: float = 0.0

    def count(self, sev: str) -> int:
        return sum(1 for f in self.findings if f["severity"] == sev)

    def worst(self) -> int:
        return max((SEVERITY_ORDER[f["severity"]] for f in self.findings), default=-1)

    def to_json(self) -> dict:
        return {"path": self.path, "activity_id": self.activity_id, "units": self.units, "criteria": self.criteria,
                "checked_units": self.checked_units, "satisfiable_units": self.satisfiable,
                "errors": self.count("error") + self.count("critical"), "warnings": self.count("warning"),
                "seconds": round(self.seconds, 4), "solver_seconds": round(self.solver_seconds, 4),
                "findings": self.findings, "unit_results": self.unit_results}


def _finding(sev: str, code: str, msg: str, unit_id=None, cid=None, source="load", witness=None) -> dict:
    d = {"severity": sev, "code": code, "unit_id": unit_id, "criterion_id": cid, "message": msg, "check": source}
    if witness:
        d["witness"] = witness
    return d


def _err_text(e: Exception) -> str:
    """Pydantic errors as ``loc: msg`` (first 3), other errors as their text."""
    errs = getattr(e, "errors", None)
    if callable(errs):
        try:
            by_loc: dict[str, str] = {}
            for er in errs():
                loc = [str(x) for x in er.get("loc", ())]
                while loc and (loc[-1] in ("int", "float", "str", "bool") or loc[-1].startswith("function-")):
                    loc.pop()  # union branches: report the field once
                by_loc[".".join(loc)] = er.get("msg", "")
            return "; ".join(f"{k}: {v}" for k, v in list(by_loc.items())[:3])
        except Exception:  # noqa: BLE001 - fall back to the plain text
            pass
    return str(e).splitlines()[0]


def _load_node(d: Any, uid: str, path: str, out: list[dict]) -> Optional[CriterionNode]:
    """Validate one node dict and its subtree; findings for every bad node; None if any node is bad."""
    if not isinstance(d, dict):
        out.append(_finding("error", "BAD_NODE", f"{path}: criterion is not an object", uid))
        return None
    cid = d.get("criterion_id")
    cid_s = str(cid) if cid is not None else None
    ok = True
    missing = [k for k in CRITERION_KEYS if k not in d]
    extra = [k for k in d if k not in CRITERION_KEYS and k != "_provenance"]
    if missing or extra:
        out.append(_finding("error", "BAD_KEYS", f"{path}: " + (f"missing keys {missing}" if missing else "") +
                            ("; " if missing and extra else "") + (f"unknown keys {extra}" if extra else ""),
                            uid, cid_s))
        ok = False
    subs = d.get("sub_criteria")
    kids: list[CriterionNode] = []
    if subs is not None and not isinstance(subs, list):
        out.append(_finding("error", "BAD_FIELD", f"{path}: sub_criteria is not a list", uid, cid_s))
        ok, subs = False, []
    for i, c in enumerate(subs or []):
        k = _load_node(c, uid, f"{path}.sub_criteria[{i}]", out)
        if k is None:
            ok = False
        else:
            kids.append(k)
    if ok:
        try:
            node = CriterionNode.from_json({**d, "sub_criteria": []})
            node.sub_criteria = kids
            return node
        except (ValueError, TypeError, KeyError) as e:
            out.append(_finding("error", "BAD_FIELD", f"{path}: {_err_text(e)}", uid, cid_s))
    return None


def load_for_check(path: Path) -> tuple[Optional[Activity], list[dict], Optional[dict]]:
    """(activity with the units that loaded, findings, raw json).  Never raises on bad content."""
    out: list[dict] = []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return None, [_finding("error", "UNREADABLE", f"{path}: {e}")], None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        return None, [_finding("error", "INVALID_JSON", f"{path}: invalid JSON at line {e.lineno} column {e.colno}: "
                               f"{e.msg}")], None
    except RecursionError:
        return None, [_finding("error", "INVALID_JSON", f"{path}: invalid JSON: nested too deeply")], None
    if not isinstance(raw, dict) or "units" not in raw:
        return None, [_finding("error", "NOT_AN_ACTIVITY", f"{path}: not an activity file (no 'units')")], raw
    if not isinstance(raw["units"], list):
        return None, [_finding("error", "BAD_FIELD", f"{path}: 'units' must be a list, "
                               f"found {type(raw['units']).__name__}")], raw
    try:
        return Activity.from_json(raw), [], raw
    except (KeyError, TypeError, ValueError, AttributeError):  # AttributeError: a unit that is not an object
        pass
    for key in ("activity_id", "name"):
        if not isinstance(raw.get(key), str):
            out.append(_finding("error", "BAD_KEYS", f"{path}: {key!r} is missing or not a string"))
    # salvage unit by unit, reporting each bad node
    try:
        src = ActSource.model_validate(raw.get("source"))
    except (ValueError, TypeError) as e:
        out.append(_finding("error", "BAD_FIELD", f"{path}: source: {_err_text(e)}"))
        src = ActSource(celex="unknown", format="eurlex-xhtml")
    units: list[Unit] = []
    for ui, ud in enumerate(raw.get("units") or []):
        uid = ud.get("unit_id") if isinstance(ud, dict) else None
        if not isinstance(ud, dict) or not isinstance(uid, str) or "root" not in ud:
            out.append(_finding("error", "BAD_UNIT", f"{path}: units[{ui}] lacks unit_id/root", uid))
            continue
        root = _load_node(ud["root"], uid, f"units[{ui}].root", out)
        edges: list[Edge] = []
        raw_edges = ud.get("edges") or []
        if not isinstance(raw_edges, list):
            out.append(_finding("error", "BAD_EDGE", f"units[{ui}].edges must be a list, "
                                f"found {type(raw_edges).__name__}", uid))
            raw_edges = []
        for ei, ed in enumerate(raw_edges):
            try:
                edges.append(Edge.model_validate(ed))
            except (ValueError, TypeError) as e:
                fr = ed.get("from") if isinstance(ed, dict) else None
                out.append(_finding("error", "BAD_EDGE", f"units[{ui}].edges[{ei}]: {_err_text(e)}", uid, fr))
        if root is not None:
            units.append(Unit(unit_id=uid, root=root, edges=edges))
    act = Activity(activity_id=str(raw.get("activity_id", path.stem)), name=str(raw.get("name", "")), source=src,
                   units=units)
    return act, out, raw


def activity_files(target: Path) -> list[Path]:
    if target.is_file():
        return [target]
    return sorted(p for p in target.rglob("*.json") if p.is_file())


def export_graph(g, unit_id: str, outdir: Path) -> None:
    """Write ``<unit>.graph.json`` (node-link) and ``<unit>.graphml`` (``/`` in the unit id becomes ``__``),
    each through a temporary file renamed into place."""
    from regc.verify.graph import dumps_node_link, write_graphml

    stem = unit_id.replace("/", "__")
    atomic_write_text(outdir / f"{stem}.graph.json", dumps_node_link(g))
    with atomic_path(outdir / f"{stem}.graphml") as tmp:
        write_graphml(g, tmp)


@dataclass
class Loaded:
    """One file read for checking (:func:`load_file`): the activity with the units that loaded, the load
    findings, how many units the file lists, the activity id its JSON names (the build's known ids), and the
    evaluator's plan (or why it could not be compiled)."""

    path: Path
    act: Optional[Activity]
    findings: list[dict]
    units: int = 0
    activity_id: Optional[str] = None
    plan: Optional[dict] = None
    plan_error: Optional[str] = None
    seconds: float = 0.0


def load_file(path: Path) -> Loaded:
    """:func:`load_for_check` and the evaluator's plan (compiled once: the logical checks are asked of it)."""
    t0 = time.perf_counter()
    act, findings, raw = load_for_check(path)
    ld = Loaded(path, act, findings, activity_id=str(raw["activity_id"]) if isinstance(raw, dict) and
                "activity_id" in raw else None)
    if act is not None:
        from regc.runtime.evaluator import compile_plan

        ld.units = len(raw.get("units") or []) if isinstance(raw, dict) else len(act.units)
        try:
            ld.plan = compile_plan(act)
        except Exception as e:  # noqa: BLE001 - a failure is a finding, not a crash
            ld.plan_error = str(e)
    ld.seconds = time.perf_counter() - t0
    return ld


def check_file(path: Path, known_units: Optional[set[str]] = None, dead: bool = True,
               explicit: bool = False, export: Optional[Path] = None, ctx: Any = None) -> Optional[FileReport]:
    """Check one activity file.  Non-activity JSON in a folder is skipped (None) unless named explicitly.

    ``ctx``: the Z3 context of the logical checks (default: a new one); a unit identical to one checked before
    in ``ctx`` gets that unit's report (:mod:`regc.verify.unit_memo`).  A whole build is checked by
    :func:`regc.cli.check_build.check_path`."""
    if ctx is None:
        import z3

        from regc.verify.plan_logic import release

        ctx = z3.Context()
        try:
            return check_file(path, known_units, dead, explicit, export, ctx)
        finally:
            release(ctx)
    from regc.verify.unit_memo import check_unit_memo, memo_of, new_solver

    ld = load_file(path)
    # one solver for the file's units, each in a scope of its own (push/pop); made on the first unit checked
    solver: list = []

    def logic_of(_k: int, unit: Unit) -> Any:
        if not solver:
            solver.append(new_solver(ctx))
        return check_unit_memo(unit, ld.plan, dead, ctx, solver[0], memo_of(ctx))

    return file_report(ld, known_units, explicit, export, logic_of)


def file_report(ld: Loaded, known_units: Optional[set[str]], explicit: bool, export: Optional[Path],
                logic_of: Callable[[int, Unit], Any]) -> Optional[FileReport]:
    """The report of one loaded file: its load findings, each unit's graph checks, and each unit's logical
    checks as ``logic_of(unit index, unit)`` gives them (a ``LogicReport``; an exception is a finding).
    Every witness holds (``python -m bench.bench_witnesses BUILD REPORT.json``)."""
    from regc.verify.graph import build_unit_graph, check_unit_graph, internal_targets, plain_unit_graph

    t0 = time.perf_counter()
    act = ld.act
    if act is None and ld.findings and ld.findings[0]["code"] == "NOT_AN_ACTIVITY" and not explicit:
        return None
    rep = FileReport(path=str(ld.path))
    rep.findings += ld.findings
    if act is None:
        rep.seconds = ld.seconds + time.perf_counter() - t0
        return rep
    rep.activity_id = act.activity_id
    rep.units = ld.units
    if ld.plan_error is not None:
        rep.findings.append(_finding("error", "LOGIC_FAILED", f"the evaluator's plan could not be compiled: "
                                     f"{ld.plan_error}", None, None, "logic"))
    for k, unit in enumerate(act.units):
        rep.checked_units += 1
        rep.criteria += sum(1 for _ in unit.root.walk())
        if export is not None:  # a networkx graph only when it is written out
            g = build_unit_graph(unit, known_units)
            export_graph(g, unit.unit_id, export)
        else:
            g = plain_unit_graph(unit, known_units)
        for d in check_unit_graph(unit, g):
            rep.findings.append(_finding(d.severity, d.code, d.message, unit.unit_id, d.criterion_id, "graph"))
        # internal references the build cannot resolve (information only)
        if known_units is not None:
            for n in unit.root.walk():
                for s in (n.references.sources if n.references else []):
                    for tgt in internal_targets(s.text, unit.activity_id):
                        if tgt not in known_units:
                            rep.findings.append(_finding("info", "UNRESOLVED_INTERNAL_REF",
                                                         f"'{s.text}' names {tgt}, not in this build",
                                                         unit.unit_id, n.criterion_id, "graph"))
        if ld.plan is None:
            continue
        try:
            lr = logic_of(k, unit)
        except Exception as e:  # noqa: BLE001 - a solver failure is a finding, not a crash
            rep.findings.append(_finding("error", "LOGIC_FAILED", f"Z3 encoding failed: {e}", unit.unit_id,
                                         None, "logic"))
            continue
        _add_logic(rep, unit, lr)
    rep.seconds = ld.seconds + time.perf_counter() - t0
    return rep


def _add_logic(rep: FileReport, unit: Unit, lr: Any) -> None:
    """One unit's ``LogicReport`` into its file's report."""
    rep.solver_seconds += lr.encode_seconds + lr.solve_seconds
    rep.satisfiable += int(lr.satisfiable)
    rep.unit_results.append({"unit_id": unit.unit_id, "satisfiable": lr.satisfiable, "witness": lr.witness,
                             "solver_calls": lr.checks,
                             "solver_ms": round(1000 * (lr.encode_seconds + lr.solve_seconds), 2)})
    for f in lr.findings:
        rep.findings.append(_finding(f.severity, f.code, f.message, unit.unit_id, f.criterion_id, "logic",
                                     f.witness))


def _print_reports(reps: list[FileReport], verbose: bool) -> None:
    from regc.verify.witness import format_profile

    for r in reps:
        name = r.activity_id or Path(r.path).name
        print(f"{name}: {r.checked_units}/{r.units} units checked, {r.criteria} criteria, "
              f"{r.satisfiable} satisfiable, {r.count('error') + r.count('critical')} error(s), "
              f"{r.count('warning')} warning(s) ({r.seconds:.2f} s)")
        if verbose:
            for u in r.unit_results:
                if u["satisfiable"]:
                    print(f"  info    {u['unit_id']}: passing profile: {format_profile(u['witness'] or {})}")
        for f in r.findings:
            if f["severity"] == "info" and not verbose:
                continue
            where = " ".join(x for x in (f["unit_id"], f["criterion_id"]) if x)
            print(f"  {f['severity']:<7} {where + ': ' if where else ''}{f['code']}: {f['message']}")
            if f.get("witness"):
                print(f"          witness: {format_profile(f['witness'])}")


def _cmd_check(args) -> int:
    from regc.cli import CLIError

    target = Path(args.build)
    if not target.exists():
        raise CLIError(f"path not found: {target}")
    if args.jobs < 1:
        raise CLIError("--jobs must be at least 1")
    from regc.cli.check_build import check_path

    reps = check_path(target, dead=not args.no_dead, export=Path(args.export) if args.export else None,
                      jobs=args.jobs)
    if not reps:
        raise CLIError(f"no activity files in {target}")
    if args.json:
        from regc.ir.fastio import dumps_json

        # json.dumps(..., ensure_ascii=False, indent=1) and a newline, byte for byte, through orjson's C encoder
        sys.stdout.write(dumps_json({"activities": [r.to_json() for r in reps],
                                     "errors": sum(r.count("error") + r.count("critical") for r in reps)}))
    else:
        _print_reports(reps, args.verbose)
        n_err = sum(r.count("error") + r.count("critical") for r in reps)
        print(f"{len(reps)} activit{'y' if len(reps) == 1 else 'ies'}, {n_err} error(s)")
    return 1 if any(r.worst() >= SEVERITY_ORDER["error"] for r in reps) else 0


# ---------------------------------------------------------------------------------------------------------------
# diff


def diff_activities(a: Activity, b: Activity) -> dict:
    """Per-unit semantic comparison of two compilations of one activity."""
    from regc.verify.equivalence import LogicInputError, equivalence

    ua = {u.unit_id: u for u in a.units}
    ub = {u.unit_id: u for u in b.units}
    units = []
    for uid in sorted(set(ua) | set(ub)):
        if uid not in ub:
            units.append({"unit_id": uid, "status": "removed"})
            continue
        if uid not in ua:
            units.append({"unit_id": uid, "status": "added"})
            continue
        try:
            eq = equivalence(ua[uid], ub[uid])
        except LogicInputError as e:
            units.append({"unit_id": uid, "status": "unchecked", "reason": str(e)})
            continue
        row: dict[str, Any] = {"unit_id": uid, "status": "equivalent" if eq.equivalent else "different",
                               "identical": ua[uid].to_json() == ub[uid].to_json(), "seconds": round(eq.seconds, 4)}
        if eq.assumed_same:  # items whose metric names differ but were taken as one quantity
            row["assumed_same_quantity"] = [{"a": x, "b": y, "metric_a": ma, "metric_b": mb}
                                            for x, y, ma, mb in eq.assumed_same]
        if not eq.equivalent:
            row.update(profile=eq.profile, passes_a=eq.verdict_a == "PASS", passes_b=eq.verdict_b == "PASS",
                       verdict_a=eq.verdict_a, verdict_b=eq.verdict_b,
                       differing=[{"a": x or None, "b": y or None} for x, y in eq.differing])
        units.append(row)
    return {"activity_id": a.activity_id, "equivalent": all(u["status"] == "equivalent" for u in units),
            "units": units}


def _content(act: Activity) -> Any:
    """What an activity says, without where it was compiled from (``source``)."""
    d = act.to_json()
    d.pop("source", None)
    return d


def _load_or_fail(p: Path) -> Activity:
    from regc.cli import CLIError
    from regc.ir.models import IRLoadError, load_activity

    try:
        return load_activity(p)
    except IRLoadError as e:
        raise CLIError(str(e).splitlines()[0]) from e
    except (RecursionError, AttributeError):  # nested too deeply / a unit that is not an object: say where
        _act, findings, _raw = load_for_check(p)
        msg = findings[0]["message"] if findings else "not a valid activity file"
        raise CLIError(msg if msg.startswith(str(p)) else f"{p}: {msg}") from None


def _load_dir(p: Path) -> dict[str, tuple[Path, Activity]]:
    from regc.cli import CLIError

    out: dict[str, tuple[Path, Activity]] = {}
    for f in activity_files(p):
        act, findings, raw = load_for_check(f)
        if act is None and findings and findings[0]["code"] == "NOT_AN_ACTIVITY":
            continue
        if findings:
            raise CLIError(f"{f}: {findings[0]['message']}" if not findings[0]["message"].startswith(str(f))
                           else findings[0]["message"])
        out[act.activity_id] = (f, act)
    return out


def _print_unit_diff(d: dict, indent: str = "") -> None:
    from regc.verify.witness import format_profile

    for u in d["units"]:
        if u["status"] in ("added", "removed"):
            print(f"{indent}{u['unit_id']}: unit {u['status']}")
        elif u["status"] == "unchecked":
            print(f"{indent}{u['unit_id']}: not compared ({u['reason']})")
        elif u["status"] == "equivalent":
            print(f"{indent}{u['unit_id']}: equivalent" + ("" if u["identical"] else " (text differs)"))
        else:
            print(f"{indent}{u['unit_id']}: NOT equivalent")
            pa, pb = (_verdict_word(u["verdict_a"]), _verdict_word(u["verdict_b"]))
            print(f"{indent}  profile ({pa} A, {pb} B): {format_profile(u['profile'])}")
            for x in u["differing"]:
                if x["a"] and x["b"]:
                    print(f"{indent}  criterion differs: {x['a']}" + (f" ~ {x['b']}" if x["b"] != x["a"] else ""))
                elif x["a"]:
                    print(f"{indent}  only in A: {x['a']}")
                else:
                    print(f"{indent}  only in B: {x['b']}")
        for r in u.get("assumed_same_quantity", []):
            where = r["a"] if r["a"] == r["b"] else f"{r['a']} ~ {r['b']}"
            print(f"{indent}  assumed the same quantity in {where}: '{r['metric_a']}' ~ '{r['metric_b']}'")


def _verdict_word(v: str) -> str:
    """``passes`` / ``fails`` / ``is UNKNOWN in`` / ``is NOT_APPLICABLE in`` (as in "passes A")."""
    return {"PASS": "passes", "FAIL": "fails"}.get(v, f"is {v} in")


def _cmd_diff(args) -> int:
    from regc.cli import CLIError

    pa, pb = Path(args.a), Path(args.b)
    for p in (pa, pb):
        if not p.exists():
            raise CLIError(f"path not found: {p}")
    if pa.is_file() and pb.is_file():
        a, b = _load_or_fail(pa), _load_or_fail(pb)
        if a.activity_id != b.activity_id:
            raise CLIError(f"{pb}: activity {b.activity_id} is not {a.activity_id} of {pa}")
        d = diff_activities(a, b)
        if args.json:
            print(json.dumps(d, ensure_ascii=False, indent=1))
        else:
            _print_unit_diff(d)
            print("equivalent" if d["equivalent"] else "different")
        return 0 if d["equivalent"] else 1
    if pa.is_dir() and pb.is_dir():
        da, db = _load_dir(pa), _load_dir(pb)
        res: dict[str, Any] = {"added": sorted(set(db) - set(da)), "removed": sorted(set(da) - set(db)),
                               "changed": [], "semantically_changed": [], "activities": []}
        for aid in sorted(set(da) & set(db)):
            a, b = da[aid][1], db[aid][1]
            if _content(a) == _content(b):  # the source (version, format) always differs between builds
                continue
            res["changed"].append(aid)
            d = diff_activities(a, b)
            res["activities"].append(d)
            if not d["equivalent"]:
                res["semantically_changed"].append(aid)
        if args.json:
            print(json.dumps(res, ensure_ascii=False, indent=1))
        else:
            for k in ("added", "removed", "changed", "semantically_changed"):
                print(f"{k.replace('_', ' ')}: {', '.join(res[k]) if res[k] else '-'}")
            for d in res["activities"]:
                if not d["equivalent"]:
                    print(f"{d['activity_id']}:")
                    _print_unit_diff(d, "  ")
            same = not (res["added"] or res["removed"] or res["semantically_changed"])
            print("equivalent" if same else "different")
        return 0 if not (res["added"] or res["removed"] or res["semantically_changed"]) else 1
    raise CLIError("diff needs two activity files or two build folders")


def register(sub) -> None:
    p = sub.add_parser("check", help="graph invariants and Z3 logic checks of compiled activities")
    p.add_argument("build", help="build folder (or one activity file)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--verbose", "-v", action="store_true", help="also print info-level findings")
    p.add_argument("--no-dead", action="store_true", help="skip the per-criterion dead-criterion test")
    p.add_argument("--export", metavar="DIR", help="also write each unit's graph as node-link JSON and GraphML")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                   help="worker processes (the report is the same)")
    p.set_defaults(func=_cmd_check)
    d = sub.add_parser("diff", help="semantic equivalence of two compilations (files or build folders)")
    d.add_argument("a")
    d.add_argument("b")
    d.add_argument("--json", action="store_true", help="machine-readable output")
    d.set_defaults(func=_cmd_diff)
