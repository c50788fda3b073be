"""CLI: ``regc extract``, ``regc disclosure check``, ``regc score-disclosure``, ``regc portfolio``.

    regc extract REPORT.pdf -o disclosure.json [--trace FILE] [--ask Q] [--lm MODEL --api-base URL] [--ocr | --no-ocr]
    regc disclosure check DISCLOSURE.json --build BUILD [--build BUILD2] [--format table|json|html]
    regc score-disclosure GOLD_DIR OUT_DIR [--only NAME] [--json]
    regc portfolio REPORTS_DIR -o portfolio.csv [--build BUILD]

Exit codes: 0 ok; 1 ``disclosure check`` found errors; 2 bad input (one line naming the file).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from regc.errors import InputError
from regc.io import atomic_write_text as write_atomic


def _cli_error(e: Exception) -> InputError:
    return e if isinstance(e, InputError) else InputError(str(e))


def cmd_extract(args: argparse.Namespace) -> int:
    from regc.reports.errors import ReportInputError
    from regc.reports.planner import run_plan
    from regc.retrieval.question import MAX_QUESTION_CHARS

    if args.ask is not None and not args.ask.strip():
        raise InputError("--ask: empty question: ask something")
    if args.ask is not None and len(args.ask.strip()) > MAX_QUESTION_CHARS:
        raise InputError(f"--ask: the question has {len(args.ask.strip()):,} characters; at most "
                         f"{MAX_QUESTION_CHARS:,}: ask one question, not a document")
    for opt, target in (("-o", args.output), ("--trace", args.trace)):  # refused before any file is written
        if target and Path(target).is_dir():
            raise InputError(f"{target}: is a folder ({opt} takes a file name)")
    try:
        result = run_plan(args.report, ask=args.ask, lm=args.lm, api_base=args.api_base, ocr=args.ocr)
    except ReportInputError as e:
        raise _cli_error(e) from None
    if args.trace:
        write_atomic(args.trace, json.dumps(result.trace, ensure_ascii=False, indent=1) + "\n")
    if args.ask is not None:
        print(json.dumps(result.answer, ensure_ascii=False, indent=1))
    if args.output:
        write_atomic(args.output, json.dumps(result.disclosure, ensure_ascii=False, indent=1) + "\n")
    findings = result.disclosure.get("findings", [])
    for f in findings:  # what a reader must see without opening the JSON: warnings and errors, with their page
        if f.get("severity") in ("warning", "error"):
            where = f"page {f['page']}" if f.get("page") else "document"
            print(f"{args.report}: {where}: {f['severity']}: {f['message']}", file=sys.stderr)
    n_err = sum(1 for f in findings if f.get("severity") == "error")
    k = result.disclosure["kpis"]
    rows = sum(len(k[x]["activities"]) for x in k)
    print(f"extracted {args.report}: {sum(1 for x in k if k[x]['pages'])} KPI tables, {rows} activity rows, "
          f"{n_err} errors, {len(result.trace)} tool calls" + (f" -> {args.output}" if args.output else ""), file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from regc.reports.check import check_disclosure, load_build
    from regc.reports.errors import DisclosureInputError
    from regc.reports.render import render_findings
    from regc.reports.score import load_json

    try:
        disc = load_json(Path(args.disclosure))
        acts = load_build(args.build)
        findings = check_disclosure(disc, acts)
    except DisclosureInputError as e:
        msg = str(e) if str(e).startswith(str(args.disclosure)) or "/" in str(e).split(":")[0] else f"{args.disclosure}: {e}"
        raise _cli_error(msg) from None
    print(render_findings(findings, args.format, disc.get("document")))
    return 1 if any(f["severity"] == "error" for f in findings) else 0


def cmd_score(args: argparse.Namespace) -> int:
    from regc.reports.errors import DisclosureInputError
    from regc.reports.score import score_dirs

    try:
        res = score_dirs(Path(args.gold), Path(args.out), args.only or None)
    except DisclosureInputError as e:
        raise _cli_error(e) from None
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    for name, r in res["reports"].items():
        rw = r["rows"]
        print(f"{name:40s} fixed {r['fixed_hits']}/{r['fixed_n']} = {r['fixed_exact']:.3f}  rows F1 {rw['f1']:.3f} "
              f"(P {rw['precision']:.3f} R {rw['recall']:.3f})  amount {rw['amount_acc']}  share {rw['share_acc']}")
    print(f"{'MEAN':40s} fixed {res['fixed_exact']:.3f}  rows F1 {res['row_f1']:.3f}")
    return 0


def cmd_portfolio(args: argparse.Namespace) -> int:
    from regc.reports.portfolio import run_portfolio

    try:
        text = run_portfolio(Path(args.reports), args.build, progress=not args.quiet)
    except (NotADirectoryError, FileNotFoundError) as e:
        raise _cli_error(e) from None
    write_atomic(args.output, text)
    print(f"portfolio: {text.count(chr(10)) - 1} reports -> {args.output}", file=sys.stderr)
    return 0


def register(sub) -> None:
    p = sub.add_parser("extract", help="extract the EU Taxonomy Article 8 disclosure from a report PDF")
    p.add_argument("report", metavar="REPORT.pdf")
    p.add_argument("-o", "--output", metavar="FILE", help="disclosure JSON to write")
    p.add_argument("--ask", metavar="QUESTION", help="answer a question from the KPI tables (page + quote)")
    p.add_argument("--trace", metavar="FILE", help="write every tool call (JSON)")
    ocr = p.add_mutually_exclusive_group()
    ocr.add_argument("--ocr", dest="ocr", action="store_const", const=True, default=None,
                     help="require OCR of scanned pages (tesseract; default: OCR them when tesseract is installed)")
    ocr.add_argument("--no-ocr", dest="ocr", action="store_const", const=False, help="never OCR (scanned pages stay empty)")
    p.add_argument("--lm", metavar="MODEL", help="LLM planner (only where the rules are unsure)")
    p.add_argument("--api-base", metavar="URL", help="OpenAI-compatible endpoint for --lm")
    p.add_argument("--hybrid", action="store_true", help="rules first, the model only on rule failures (default with --lm)")
    p.set_defaults(func=cmd_extract)

    d = sub.add_parser("disclosure", help="disclosure checks")
    dsub = d.add_subparsers(dest="disclosure_command", metavar="ACTION")
    c = dsub.add_parser("check", help="check a disclosure JSON against compiled acts (exit 1 on errors)")
    c.add_argument("disclosure", metavar="DISCLOSURE.json")
    c.add_argument("--build", action="append", required=True, metavar="BUILD", help="build folder (repeatable)")
    c.add_argument("--format", choices=("table", "json", "html"), default="table")
    c.set_defaults(func=cmd_check)

    s = sub.add_parser("score-disclosure", help="score extracted disclosures against gold (spec scoring)")
    s.add_argument("gold", metavar="GOLD_DIR")
    s.add_argument("out", metavar="OUT_DIR")
    s.add_argument("--only", action="append", default=[], metavar="NAME")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_score)

    f = sub.add_parser("portfolio", help="a folder of reports -> one CSV of fixed keys and findings")
    f.add_argument("reports", metavar="REPORTS_DIR")
    f.add_argument("-o", "--output", required=True, metavar="FILE.csv")
    f.add_argument("--build", action="append", default=[], metavar="BUILD")
    f.add_argument("--quiet", "-q", action="store_true")
    f.set_defaults(func=cmd_portfolio)
