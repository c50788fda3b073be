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
    from regc.compiler.score import ScoreInputError, format_table, load_dir, score_activities

    for label, path in (("gold", args.gold), ("build", args.build)):
        if not Path(path).exists():
            raise CLIError(f"{label} path not found: {path}")
    try:
        gold = load_dir(Path(args.gold))
        build = load_dir(Path(args.build))
    except ScoreInputError as e:
        raise CLIError(str(e)) from e
    if not gold:
        raise CLIError(f"no gold activity files in {args.gold}")
    if Path(args.build).is_file():  # one activity file: score against its gold only
        gold = {k: v for k, v in gold.items() if k in build}
        if not gold:
            raise CLIError(f"{args.build}: no gold activity with this activity_id in {args.gold}")
    res = score_activities(build, gold, args.units)
    if args.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
    else:
        print(format_table(res))
    return 0
