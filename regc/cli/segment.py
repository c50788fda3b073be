"""``regc segment``: show what a front-end reads from a source file (activities, units, labelled blocks,
footnote markers, source spans), before any pass runs.

    regc segment works/32021r2139/2026-01-01/en.xml --activity CCM-4.29
    regc segment --celex 32023R2485 --json -o 2485.doc.json

Text output, one line per block: ``<depth-indent><label> <text> [markers] @<start>-<end>``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from regc.ir.doc import ActDoc, ActivityDoc, FrontEndError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("segment", help="show the document tree a front-end reads from a source (no compiling)")
    p.add_argument("source", nargs="?", help="source file (EUR-Lex XHTML, OJ HTML, Formex folder, Compass JSON) "
                   "or a report PDF (document tree: sections, KPI tables, pages, modality)")
    p.add_argument("--celex", help="find the source in the corpus by CELEX id instead")
    p.add_argument("--doc-version", "--version", dest="doc_version", metavar="DATE",
                   help="consolidation date with --celex (default: latest); --version as in `regc compile`")
    p.add_argument("--corpus", help="corpus folder (default: $REGC_CORPUS or ../shared/corpora)")
    p.add_argument("--format", choices=["eurlex-xhtml", "oj-html", "formex", "compass-html"], default=None)
    p.add_argument("--activity", action="append", help="only this activity id (repeatable), e.g. CCM-4.29")
    p.add_argument("--json", action="store_true", help="write the ActDoc as JSON")
    p.add_argument("-o", "--output", help="write to this file (atomically) instead of stdout")
    p.set_defaults(func=run)


def _source(args) -> Path:
    from regc.cli import CLIError
    from regc.frontends import find_in_corpus
    from regc.retrieval.locate import corpus_root

    if args.source:
        return Path(args.source)
    if not args.celex:
        raise CLIError("segment: give a SOURCE file or --celex")
    if args.corpus and not Path(args.corpus).is_dir():
        raise CLIError(f"{args.corpus}: --corpus is not a folder")
    root = corpus_root(args.corpus)
    if root is None:
        raise CLIError("segment: no corpus folder (pass --corpus DIR or set REGC_CORPUS)")
    from regc.cli.compile import corpus_file_name

    return find_in_corpus(root, args.celex, args.doc_version, corpus_file_name(args.format))


def render_activity(a: ActivityDoc) -> list[str]:
    out = [f"{a.activity_id}  {a.name}"]
    for u in a.units:
        flag = "  N/A" if u.not_applicable else ""
        out.append(f"  [{u.part}] {u.heading}{flag}")
        for b in u.blocks:
            marks = f" [{', '.join(b.markers)}]" if b.markers else ""
            where = f" @{b.span.start}-{b.span.end}" if b.span and b.span.start is not None else ""
            label = f"{b.label} " if b.label else ""
            out.append(f"    {'  ' * b.depth}{label}{b.text}{marks}{where}")
    for mk, note in a.footnotes.items():
        out.append(f"  ({mk}) {note.text}")
    return out


def render(act: ActDoc, only: Optional[list[str]]) -> str:
    head = f"{act.celex} {act.version or ''} {act.format}: {len(act.activities)} activities"
    lines = [head.replace("  ", " ")]
    for a in act.activities:
        if not only or a.activity_id in only:
            lines.extend(render_activity(a))
    return "\n".join(lines) + "\n"


def _pdf_tree(args) -> str:
    """A report PDF: the document tree of regc.reports (sections, tables, pages, modality)."""
    import json

    from regc.reports.pdftree import Document
    from regc.reports.tree import document_tree, render_tree

    tree = document_tree(Document(args.source))
    return json.dumps(tree, ensure_ascii=False, indent=1) + "\n" if args.json else render_tree(tree)


def run(args) -> int:
    from regc.cli import CLIError
    from regc.frontends import load_source

    if args.source and str(args.source).lower().endswith(".pdf"):
        text = _pdf_tree(args)  # ReportInputError is an InputError: exit 2 with one line
        if not args.output:
            sys.stdout.write(text)
            return 0
        from regc.io import atomic_write_text

        atomic_write_text(args.output, text)
        return 0
    try:
        act = load_source(_source(args), args.format)
    except FrontEndError as e:
        raise CLIError(str(e)) from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise CLIError(f"{args.source or args.celex}: cannot read source: {e}") from None
    if args.activity:
        missing = [x for x in args.activity if act.activity(x) is None]
        if missing:
            raise CLIError(f"{act.file}: no activity {', '.join(missing)} (has {len(act.activities)} activities)")
    if args.json:
        if args.activity:
            act = act.model_copy(update={"activities": [a for a in act.activities if a.activity_id in args.activity]})
        text = act.model_dump_json(indent=1) + "\n"
    else:
        text = render(act, args.activity)
    if not args.output:
        sys.stdout.write(text)
        return 0
    from regc.io import atomic_write_text

    try:
        atomic_write_text(args.output, text)
    except OSError as e:  # name the file the user gave, not the temporary one
        raise CLIError(f"{args.output}: cannot write: {e.strerror or e}") from None
    return 0
