"""`regc ask`: answer compliance questions with per-rule attribution (citation-closure retrieval, seed 001).

    regc ask out/index "Do we report CapEx for activities that are only eligible?" --json
    regc ask out/index --questions questions.jsonl --json         # one {"question": ...} per line
    regc ask out/index "..." --lm --api-base http://127.0.0.1:8000/v1 --model local
    regc ask out/index "..." --no-by-network                       # the learned order for every question (rounds 28-41)
    regc ask out/index "..." --no-rerank                           # the hand-set order
    regc ask out/index "..." --memory                              # the released questions' gold vote too (hand-set)
    regc ask out/index "..." --memory --rerank                     # + the memory's vote as re-ranker features
    regc ask --eval tests/fixtures/ask/faq_eval.jsonl out/index    # R@10, nDCG@10, FullCov@10, citations vs BM25

Order (default, round 42b): per question, the order its citation network is routed to (``memory_networks.json``,
:mod:`regc.retrieval.networks`): a question of the HIPAA network (the acts it names; else the network of its best
fused provisions, or the one network all its memory neighbours' gold lies in, round 46) gets ``--memory --rerank``'s,
every other the learned order (``--no-by-network``: the hand-set retrieval's top 30 -- anchor, 3 views, RRM, closure -- re-ordered
by the learned re-ranker, :mod:`regc.retrieval.rerank`), cut to ``--k``.  ``--no-rerank`` keeps the hand-set order.
``--memory`` alone is the hand-set + memory fusion (it implies ``--no-rerank``); ``--memory --rerank`` re-orders
that fusion's top 30 by trees over round 28's features and the memory's vote (round 35's variant (2):
``rerank_memory_weights.json``; held-out it reads practitioner HIPAA questions best, but loses the FAQ evaluation's
questions with three or more gold provisions, hence the route).

JSON: ``{"answer", "rules": [{"rule_id", "celex", "locator", "version", "claims": [{"text", "quote"}]}],
"retrieved": [{"celex", "locator", "score"}]}``; every rule_id is a retrieved provision and every quote occurs
verbatim in it.  Exit 0 ok, 2 bad input (empty/overlong/non-English question, missing or other-version index,
bad ``--as-of``, malformed questions file, unreachable LM endpoint): one line on stderr, nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

MAX_K = 50


def register(sub) -> None:
    p = sub.add_parser("ask", help="answer a compliance question with the provisions that govern it",
                       description="Answer a compliance question from an index built by `regc index`: the "
                                   "governing provisions (anchor, 3 views, RRM fusion, citation closure) and "
                                   "claims quoted verbatim from them.")
    p.add_argument("index", metavar="INDEX")
    p.add_argument("question", nargs="?", metavar="QUESTION")
    p.add_argument("--questions", metavar="Q.jsonl", help='answer each {"question": ...} line (JSON lines out)')
    p.add_argument("--eval", metavar="QA.jsonl", dest="eval_file",
                   help='evaluate on {"question", "gold": ["CELEX#Article N", ...]} lines, next to BM25')
    p.add_argument("--eval-rows", metavar="OUT.jsonl",
                   help="with --eval: also write one JSON line per question (id, split, n_gold, every system's "
                        "metrics) to OUT.jsonl, to see which questions a system misses")
    p.add_argument("--as-of", metavar="YYYY-MM-DD", help="only acts in force on that date")
    p.add_argument("--k", type=int, default=10, help="provisions retrieved (default 10)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--rerank", action=argparse.BooleanOptionalAction, default=None,
                   help="every question in the learned re-ranker's order of the hand-set top 30 (round 28; "
                        "--no-rerank: the hand-set order); without it, the default routes per citation network "
                        "(--by-network)")
    p.add_argument("--memory", action="store_true",
                   help="every question reads the memory of released questions (their gold provisions vote; rounds "
                        "30-35): alone, the hand-set + memory fusion (it implies --no-rerank); with --rerank that "
                        "fusion's top 30 re-ordered by trees over the re-ranker's features and the memory's vote "
                        "(round 35's variant (2), what the default gives HIPAA questions; on Taxonomy questions it "
                        "loses the FAQ evaluation's questions with >= 3 gold provisions, see "
                        "tests/fixtures/ask/README.md, stop 32)")
    p.add_argument("--by-network", action=argparse.BooleanOptionalAction, default=None,
                   help="answer each question with the order its citation network is routed to: --memory --rerank "
                        "for the HIPAA network, the learned order for every other (default: on unless --memory, "
                        "--rerank or --no-rerank is given; --no-by-network gives the learned order for every "
                        "question; regc/retrieval/memory_networks.json, tests/fixtures/ask/README.md round 42b)")
    p.add_argument("--lm", action="store_true", help="an LM writes the claims (same attribution gate)")
    p.add_argument("--api-base", metavar="URL", help="OpenAI-compatible endpoint for --lm (required with --lm)")
    p.add_argument("--model", default="local", help="model name sent to the endpoint (default: local)")
    p.add_argument("--lm-timeout", type=float, default=60.0, metavar="S", help="seconds per LM call (default 60)")
    p.set_defaults(func=_cmd_ask)


def _lm_call(args):
    """(system, user) -> reply text through the OpenAI-compatible chat endpoint; fails fast with InputError."""
    import urllib.error
    import urllib.request

    from regc.cli import CLIError

    url = args.api_base.rstrip("/") + "/chat/completions"

    def call(system: str, user: str) -> str:
        body = json.dumps({"model": args.model, "temperature": 0,
                           "messages": [{"role": "system", "content": system},
                                        {"role": "user", "content": user}]}).encode()
        req = urllib.request.Request(url, body, {"Content-Type": "application/json",
                                                 "Authorization": "Bearer unused-offline"})
        try:
            with urllib.request.urlopen(req, timeout=args.lm_timeout) as r:
                data = json.loads(r.read().decode("utf-8"))
            return data["choices"][0]["message"]["content"]
        except (urllib.error.URLError, TimeoutError, OSError) as e:
            why = getattr(e, "reason", None) or e
            raise CLIError(f"--api-base {args.api_base}: LM endpoint not usable ({why}); run without --lm for a "
                           "rules-only answer") from None
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise CLIError(f"--api-base {args.api_base}: not an OpenAI-compatible reply ({type(e).__name__})"
                           ) from None

    return call


def _read_questions(path: Path) -> list[str]:
    from regc.cli import CLIError
    from regc.retrieval.question import QuestionError, check_question

    out = []
    try:
        lines = path.read_text("utf-8-sig").splitlines()
    except OSError as e:
        raise CLIError(f"{path}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise CLIError(f"{path}: not UTF-8 text (byte {e.start})") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except (ValueError, RecursionError):
            d = None
        if not isinstance(d, dict) or "question" not in d:
            raise CLIError(f'{path}:line {n}: not a {{"question": ...}} JSON line')
        if not isinstance(d["question"], str):
            raise CLIError(f'{path}:line {n}: "question" is not text')
        try:
            out.append(check_question(d["question"]))
        except QuestionError as e:
            raise CLIError(f"{path}:line {n}: {e}") from None
    if not out:
        raise CLIError(f"{path}: no questions")
    return out


def _print_text(ans, k: int) -> None:
    print(ans.answer)
    if ans.rules:
        print("\nRules:")
        for r in ans.rules:
            print(f"  {r['rule_id']}  (version {r['version'] or 'n/a'})")
            for c in r["claims"]:
                print(f"    - \"{c['quote']}\"")
    print(f"\nRetrieved (top {k}):")
    for i, h in enumerate(ans.retrieved, 1):
        print(f"  {i:>2}. {h['score']:.3f}  {h['celex']}  {h['locator']}")


def _cmd_ask(args) -> int:
    from regc.cli import CLIError
    from regc.retrieval.answer import extractive, warm_up, with_lm
    from regc.retrieval.ask import Asker, AsOfError
    from regc.retrieval.index import IndexError_
    from regc.retrieval.memory import MemoryError_, load_memory
    from regc.retrieval.networks import NetworksError
    from regc.retrieval.rerank import WeightsError, retrieve_reranked
    from regc.retrieval.question import QuestionError, check_question
    from regc.retrieval.search import QueryError, Searcher

    if not 1 <= args.k <= MAX_K:
        raise CLIError(f"--k must be between 1 and {MAX_K}")
    modes = [x for x in (args.question is not None, bool(args.questions), bool(args.eval_file)) if x]
    if len(modes) != 1:
        raise CLIError("give one of: a QUESTION, --questions Q.jsonl, --eval QA.jsonl")
    if args.lm and not args.api_base:
        raise CLIError("--lm needs --api-base URL (an OpenAI-compatible endpoint); nothing is sent elsewhere")
    if args.eval_rows and not args.eval_file:
        raise CLIError("--eval-rows writes the rows of --eval: give it with --eval QA.jsonl")
    if args.eval_rows and not Path(args.eval_rows).resolve().parent.is_dir():
        raise CLIError(f"{args.eval_rows}: no such directory to write the rows in")
    explicit = args.memory or args.rerank is not None
    if args.by_network and explicit:
        raise CLIError("--by-network chooses the order per question: give it without --memory and --rerank")
    routed = not explicit if args.by_network is None else args.by_network
    rerank = not args.memory if args.rerank is None else args.rerank
    try:
        questions = [check_question(args.question)] if args.question is not None else \
            _read_questions(Path(args.questions)) if args.questions else []
        s = Searcher.open(args.index)
        asker = Asker(s, memory=load_memory() if args.memory else None)
        asker.check_as_of(args.as_of)
        if args.eval_file:  # --eval builds its own askers, one per system
            return _eval(s, Path(args.eval_file), args.k, Path(args.eval_rows) if args.eval_rows else None)
        by_network = _by_network(s, asker) if routed else None
        lm = _lm_call(args) if args.lm else None
        _warn_degraded(s)
        if len(questions) > 1:
            warm_up(asker)
        for q in questions:
            anchor, hits = by_network(q, args.k, args.as_of) if by_network else \
                retrieve_reranked(asker, q, args.k, args.as_of) if rerank else asker.retrieve(q, args.k, args.as_of)
            ans = with_lm(s, anchor, hits, lm) if lm else extractive(s, anchor, hits)
            for d in ans.diagnostics:
                print(f"regc: note: {d}", file=sys.stderr)
            if args.json:
                print(json.dumps(ans.to_json(), ensure_ascii=False, indent=None if args.questions else 1))
            else:
                _print_text(ans, args.k)
    except (IndexError_, QueryError, QuestionError, AsOfError, NetworksError, MemoryError_, WeightsError) as e:
        raise CLIError(str(e)) from None
    return 0


def _by_network(s, plain):
    """``retrieve(question, k, as_of)`` of the route (the default, ``--by-network``): the asker without a memory
    (``plain``) names the question's networks, the memory asker answers those routed to ``--memory --rerank``
    (:mod:`regc.retrieval.networks`)."""
    from regc.retrieval.ask import Asker
    from regc.retrieval.memory import load_memory
    from regc.retrieval.networks import load_networks, retrieve_by_network

    chosen, memory = load_networks(), Asker(s, memory=load_memory())
    return lambda q, k, as_of: retrieve_by_network(plain, memory, q, k, as_of, chosen)


def _warn_degraded(s) -> None:
    """One warning line per part of the index that is missing or corrupt but not needed to answer: the citation
    graph (no closure) and the dense index of an index built with one (BM25 only)."""
    _ = s.graph
    if s.graph_problem:
        print(f"regc: warning: {s.graph_problem}", file=sys.stderr)
    if s.manifest.get("options", {}).get("dense") and not s.has_dense:
        print(f"regc: warning: {s.folder / 'dense'}: dense index missing; BM25 only; rebuild it with: regc index "
              f"{s.manifest.get('corpus', 'CORPUS')} -o {s.folder}", file=sys.stderr)


def _eval(s, path: Path, k: int, rows_out: Path | None = None) -> int:
    from regc.cli import CLIError
    from regc.eval.retrieval import ask_rows, evaluate_ask, load_qa
    from regc.io import atomic_write_text

    try:
        items = load_qa(path)
    except OSError as e:
        raise CLIError(f"{path}: {e.strerror or e}") from None
    except ValueError as e:
        raise CLIError(str(e)) from None
    unknown = sorted({g for it in items for g in it["gold"] if g not in s.part_nodes()})
    if unknown:
        print(f"regc: warning: {len(unknown)} gold provision(s) not in the index (scored as misses): "
              f"{', '.join(unknown[:5])}", file=sys.stderr)
    result = evaluate_ask(s, items, k)
    if rows_out is not None:
        try:
            atomic_write_text(rows_out, "".join(json.dumps(r, sort_keys=True) + "\n" for r in result["per_question"]))
        except OSError as e:
            raise CLIError(f"{rows_out}: cannot write ({e.strerror or e})") from None
    for label, fig in ask_rows(result):
        print(f"{label:<40} {fig}")
    print(in_sample_line([it["question"] for it in items]) or "", end="")
    return 0


def in_sample_line(questions: list[str]) -> str:
    """The lines under ``--eval``'s table when the learned orders were trained on some of ``questions`` ("" when on
    none of them): the default's weights, then ``--memory --rerank``'s.

    >>> in_sample_line(["a question nobody released?"])
    ''
    """
    from regc.retrieval.rerank import in_sample

    out = ""
    for label, what, n in in_sample(questions):
        out += (f"{label}: {what} was trained on {n} of these {len(questions)} questions (in-sample for them; "
                "held-out figures: tests/fixtures/ask/README.md)\n") if n else ""
    return out
