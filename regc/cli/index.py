"""`regc index`, `regc search`, `regc fetch`: the legal-corpus retrieval commands.

    regc index ../shared/corpora -o out/index                 # every act folder under the corpus, any depth
    regc index ../shared/corpora -o out/index-tsc --cited-by   # acts cited by the Taxonomy delegated acts
    regc index ../shared/corpora -o out/index --pdf ../shared/corpora/hipaa-hhs-combined/hipaa_combined.pdf
    regc search out/index "sustainability criteria for biofuels" --k 5 --json
    regc fetch 32018L2001                                     # EUR-Lex download (cached); offline: clear error

Exit 0 ok, 2 bad input (missing/stale/corrupt index, stop-word-only or non-UTF-8 query, malformed ``--celex``,
no network for fetch).  ``--celex`` naming a well-formed act that is not in the index is not an error (the
answer is "no hits", ``[]`` with ``--json``, exit 0) but a warning on stderr says so and lists the indexed acts;
``--expand`` over a missing or corrupt citation graph (graph.json) warns that no closure was added.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

# CELEX syntax: sector (digit, C or E), 4-digit year, 1-2 type letters, number, optional (n) suffix
_CELEX_SYNTAX = re.compile(r"^[0-9CE]\d{4}[A-Z]{1,2}\d{1,4}(?:\(\d{1,2}\))?$")


def register(sub) -> None:
    p = sub.add_parser("index", help="build the hybrid BM25 + dense index of a legal corpus",
                       description="Build (incrementally) a Lucene BM25 + faiss dense index of a legal corpus.")
    p.add_argument("corpus", metavar="CORPUS", help="corpora folder, EUR-Lex works folder, or a PDF file")
    p.add_argument("-o", "--output", required=True, metavar="INDEX", help="index folder to write")
    p.add_argument("--acts", nargs="+", metavar="CELEX", help="index only these acts")
    p.add_argument("--cited-by", nargs="*", metavar="CELEX", default=None,
                   help="index only the acts cited by these acts (none given: by the Taxonomy delegated acts)")
    p.add_argument("--all", action="store_true", help="index every act under CORPUS (the default)")
    p.add_argument("--pdf", action="append", default=[], metavar="FILE", help="also index this PDF (repeatable)")
    p.add_argument("--no-dense", action="store_true", help="BM25 only (no embeddings)")
    p.add_argument("--force", action="store_true",
                   help="rebuild even if the index is up to date, or replace an index of another corpus")
    p.set_defaults(func=_cmd_index)

    s = sub.add_parser("search", help="search an index built by `regc index`",
                       description="Search an index: BM25, dense, or both fused (RRF or RRM).")
    s.add_argument("index", metavar="INDEX")
    s.add_argument("query", metavar="QUERY")
    s.add_argument("--k", type=int, default=10, help="number of hits (default 10)")
    s.add_argument("--json", action="store_true", help='print a JSON list of {"celex","locator","text","score"}')
    s.add_argument("--mode", choices=("hybrid", "bm25", "dense"), default="hybrid")
    s.add_argument("--fusion", choices=("rrf", "rrm"), default="rrf",
                   help="reciprocal rank fusion (sum) or reciprocal rank max fusion")
    s.add_argument("--rm3", action="store_true", help="RM3 query expansion for BM25")
    s.add_argument("--celex", help="only hits from this act")
    s.add_argument("--expand", action="store_true",
                   help="add the provisions the hits cite (1-hop citation closure, decay 0.7)")
    s.set_defaults(func=_cmd_search)

    f = sub.add_parser("fetch", help="download an act from EUR-Lex into the local cache",
                       description="Download an act's English text from EUR-Lex (cached).")
    f.add_argument("celex", metavar="CELEX")
    f.add_argument("--base-url", default="https://eur-lex.europa.eu", help="EUR-Lex server (default: %(default)s)")
    f.add_argument("--timeout", type=float, default=20.0, help="seconds (default 20)")
    f.add_argument("-o", "--output", metavar="FILE", help="also copy the downloaded file here")
    f.set_defaults(func=_cmd_fetch)


def _cmd_index(args) -> int:
    from regc.cli import CLIError
    from regc.retrieval.index import IndexError_, build_index

    corpus = Path(args.corpus)
    if not corpus.exists():
        raise CLIError(f"{corpus}: corpus not found")
    pdfs = [Path(x) for x in args.pdf]
    for x in pdfs:
        if not x.is_file():
            raise CLIError(f"{x}: PDF not found")
    celexes = args.acts
    if corpus.is_file():
        if corpus.suffix.lower() != ".pdf":
            raise CLIError(f"{corpus}: a corpus file must be a PDF (or give a folder)")
        pdfs.append(corpus)
        corpus, celexes = corpus.parent, []
    try:
        from regc.retrieval.search import quiet_jvm

        quiet_jvm(start_vm=False)
    except IndexError_:  # no JDK: the build says so in its own words below
        pass
    if args.acts and args.cited_by is not None:
        raise CLIError("--acts and --cited-by: give one of them")
    try:
        rep = build_index(corpus, Path(args.output), celexes=celexes, cited=args.cited_by,
                          dense=not args.no_dense, extra_files=pdfs, force=args.force, progress=True)
    except IndexError_ as e:
        raise CLIError(str(e)) from None
    except OSError as e:
        raise CLIError(f"{args.output}: cannot write the index: {e}") from None
    for d in rep.diagnostics:
        print(f"regc: warning: {d}", file=sys.stderr)
    if not rep.skipped:
        shown = ", ".join(rep.indexed[:30]) + (f" and {len(rep.indexed) - 30} more" if len(rep.indexed) > 30 else "")
        print(f"indexed: {shown}")
    for x in rep.left_out:
        print(f"not indexed: {x}")
    print(rep.line())
    return 0


def _cmd_search(args) -> int:
    from regc.cli import CLIError
    from regc.retrieval.index import IndexError_
    from regc.retrieval.search import QueryError, Searcher, check_query

    if args.k < 1:
        raise CLIError("--k must be at least 1")
    celex = args.celex.strip().upper() if args.celex is not None else None
    try:
        check_query(args.query)
        s = Searcher.open(args.index)
        if celex is not None and not s.chunks_of_act(celex):
            if not _CELEX_SYNTAX.match(celex):
                raise CLIError(f"--celex {args.celex!r}: not a CELEX number (e.g. 32018L2001)")
            acts = s.acts()
            shown = ", ".join(acts[:8]) + (f" and {len(acts) - 8} more" if len(acts) > 8 else "")
            print(f"regc: warning: act {celex} is not in the index {args.index} ({len(acts)} acts: {shown}); "
                  "no results", file=sys.stderr)
        hits = s.search(args.query, args.k, args.mode, args.fusion, args.rm3, celex)
        if args.expand:
            hits = s.closure(hits)
            if s.graph_problem:
                print(f"regc: warning: {s.graph_problem}", file=sys.stderr)
    except (IndexError_, QueryError) as e:
        raise CLIError(str(e)) from None
    if args.json:
        print(json.dumps([h.to_json() for h in hits], ensure_ascii=False, indent=1))
        return 0
    if not hits:
        print("no results")
    for i, h in enumerate(hits, 1):
        text = h.text if len(h.text) <= 200 else h.text[:197] + "..."
        print(f"{i:>2}. {h.score:.4f}  {h.celex}  {h.locator}\n    {text}")
    return 0


def _cmd_fetch(args) -> int:
    from regc.cli import CLIError
    from regc.retrieval.resolve import FetchError, fetch_celex

    try:
        path = fetch_celex(args.celex, base_url=args.base_url, timeout=args.timeout)
    except FetchError as e:
        raise CLIError(str(e)) from None
    if args.output:
        Path(args.output).write_bytes(path.read_bytes())
    print(path)
    return 0
