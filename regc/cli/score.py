"""`regc score GOLD_DIR BUILD_DIR [--json] [--units SC|DNSH|all]`: spec §5 metrics per unit and their mean.

Exit 0 after printing; 2 on unreadable input.
"""

from __future__ import annotations

import json
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("score", help="score a build against gold activities (spec §5)")
    p.add_argument("gold", help="gold folder (or one gold activity file)")
    p.add_argument("build", help="build folder (or one activity file)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--units", choices=("SC", "DNSH", "all"), default="all", help="which units to score")
    p.set_defaults(func=_cmd)


def _cmd(args) -> int:
    from regc.cli import CLIError
    from regc.eval.score import ScoreInputError, format_table, load_dir, score_activities

    for label, path in (("gold", args.gold), ("build", args.build)):
        if not Path(path).exists():
            raise CLIError(f"{label} path not found: {path}")
    loaded = []
    for path in (args.gold, args.build):
        try:
            loaded.append(load_dir(Path(path)))
        except ScoreInputError as e:
            raise CLIError(str(e)) from e
        except RecursionError:  # json.loads of thousands of nested brackets
            bad = next((f for f in _json_files(Path(path)) if _too_deep(f)), Path(path))
            raise CLIError(f"{bad}: cannot read JSON: nested too deeply") from None
    gold, build = loaded
    _refuse_swapped(Path(args.gold), Path(args.build), gold, build)
    if not gold:
        raise CLIError(f"no gold activity files in {args.gold}")
    if not build:
        raise CLIError(f"{args.build}: not an activity file" if Path(args.build).is_file()
                       else f"no activity files in {args.build}")
    if Path(args.build).is_file():  # one activity file: score against its gold only
        gold = {k: v for k, v in gold.items() if k in build}
        if not gold:
            raise CLIError(f"{args.build}: no gold activity with this activity_id in {args.gold}")
    elif not set(gold) & set(build):
        raise CLIError(f"{args.build}: none of its {len(build)} activities is in the gold {args.gold} "
                       f"(gold: {', '.join(sorted(gold)[:3])}{', …' if len(gold) > 3 else ''}); wrong folder?")
    _warn_malformed(Path(args.build))
    res = score_activities(build, gold, args.units)
    if args.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
    else:
        print(format_table(res))
    return 0


def looks_like_build(path: Path, acts: dict[str, dict]) -> bool:
    """A folder regc compiled (its marker or diagnostics file), or activities without any annotator notes."""
    from regc.compiler.build import DIAGNOSTICS_FILE, is_build_folder

    folder = path if path.is_dir() else path.parent
    if is_build_folder(folder) or (folder / DIAGNOSTICS_FILE).is_file():
        return True
    return bool(acts) and not any("annotator_notes" in a for a in acts.values())


def _refuse_swapped(gold_path: Path, build_path: Path, gold: dict, build: dict) -> None:
    """``regc score BUILD GOLD`` prints plausible numbers: refuse it when the first argument is a build and the
    second is not."""
    from regc.cli import CLIError

    if looks_like_build(gold_path, gold) and not looks_like_build(build_path, build):
        raise CLIError(f"{gold_path}: is a build folder, {build_path} looks like gold: arguments swapped? "
                       "usage: regc score GOLD BUILD")


def _warn_malformed(build: Path) -> None:
    """One warning line per build file that is not valid IR (it is still scored: what cannot be read counts as
    wrong), naming the file and the first bad location."""
    import sys

    from regc.cli.check import activity_files, load_for_check

    for f in activity_files(build):
        act, findings, _raw = load_for_check(f)
        errs = [x for x in findings if x["severity"] in ("error", "critical") and x["code"] != "NOT_AN_ACTIVITY"]
        if errs:
            where = " ".join(x for x in (errs[0]["unit_id"], errs[0]["criterion_id"]) if x)
            msg = errs[0]["message"]
            msg = msg if msg.startswith(str(f)) else f"{f}: {(where + ': ') if where else ''}{msg}"
            more = f" (and {len(errs) - 1} more)" if len(errs) > 1 else ""
            print(f"regc: warning: {msg}{more}; scored as far as it can be read", file=sys.stderr)


def _json_files(p: Path) -> list[Path]:
    return [p] if p.is_file() else sorted(p.rglob("*.json"))


def _too_deep(f: Path) -> bool:
    try:
        json.loads(f.read_text(encoding="utf-8"))
    except RecursionError:
        return True
    except (OSError, ValueError):
        pass
    return False
