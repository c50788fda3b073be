"""`regc optimize`: compile a DSPy program for one semantic decision against gold; and the LM options of
`regc compile` (``--lm``, ``--api-base``, ``--hybrid``, ``--budget``, ``--program``, ``--lm-cache``).

    regc optimize --gold ../shared/gold/dev --decision applicability --optimizer labeled -o app.json
    regc optimize --lm openai/qwen2.5-7b-instruct --api-base http://127.0.0.1:8000/v1 \\
        --gold ../shared/gold/dev --decision thresholds --optimizer bootstrap -o thr.json
    regc compile en.xml -o out --lm openai/qwen2.5-7b-instruct --api-base http://127.0.0.1:8000/v1 --hybrid \\
        --budget 200000 --program thr.json

``--decision`` takes its choices from :data:`regc.decisions.DECISIONS` (the units with a model path; a unit with
``llm = False`` is refused and says so).  Writes PROGRAM.json (DSPy's format: demos + instructions) and
PROGRAM.meta.json (decision, optimizer, model, date, train/dev sizes, dev scores of the rules and of the program).
Exit 0 ok, 2 bad input.
"""

from __future__ import annotations

import sys



def decision_name(text: str) -> str:
    """An argparse type: the name of a registered decision unit with a model path (imported only when the option
    is parsed, so `regc --help` stays light).

    >>> decision_name("tags")
    'tags'
    """
    import argparse

    from regc.decisions import DECISIONS

    names = [d.name for d in DECISIONS if d.llm]
    if text in {d.name for d in DECISIONS} - set(names):
        raise argparse.ArgumentTypeError(f"{text!r} has no model path (llm = False: the rules decide it); choose "
                                         f"from {', '.join(names)}")
    if text not in names:
        raise argparse.ArgumentTypeError(f"{text!r}: choose from {', '.join(names)}")
    return text


def _number(kind, low, inclusive: bool):
    """An argparse type: ``kind`` (int/float) with ``value >= low`` (inclusive) or ``> low``.

    >>> _number(int, 1, True)("4"), _number(float, 0, False)("0.5")
    (4, 0.5)
    """
    import argparse

    def parse(text: str):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a{'n integer' if kind is int else ' number'}") from None
        if v < low or (v == low and not inclusive) or v != v:
            raise argparse.ArgumentTypeError(f"{text!r}: must be {'at least' if inclusive else 'more than'} {low}")
        return v

    parse.__name__ = kind.__name__  # argparse names the type in its messages
    return parse


def check_lm_paths(args) -> None:
    """``--api-base`` must be an http(s) URL and ``--lm-cache`` a folder regc can create: say so before any work."""
    from pathlib import Path

    from regc.cli import CLIError

    base = getattr(args, "api_base", None)
    if base and not base.startswith(("http://", "https://")):
        raise CLIError(f"--api-base {base}: use an http:// or https:// URL, e.g. http://127.0.0.1:8000/v1")
    cache = getattr(args, "lm_cache", None)
    if cache and cache != "off":
        try:
            Path(cache).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CLIError(f"{cache}: --lm-cache is not a usable folder ({e.strerror or e})") from None


def require_endpoint(args) -> None:
    """``--lm`` needs ``--api-base`` (no text goes to a public host unless the user names it), and something must
    answer there: one clear line (exit 2) before any work, not a hang or a traceback."""
    from regc.cli import CLIError
    from regc.llm.lm import EndpointDown, probe_endpoint

    if not args.api_base:
        raise CLIError(f"--lm {args.lm} needs --api-base URL (e.g. http://127.0.0.1:8000/v1); regc sends no text "
                       f"to a public host unless told to")
    try:
        probe_endpoint(args.api_base, min(float(args.lm_timeout), 10.0))
    except EndpointDown as e:
        raise CLIError(f"--api-base {e}") from None


def fallback_line(decider, diagnostics) -> str:
    """One line for stderr when model decisions fell back to the rules ('' when none did).

    >>> from regc.ir.models import Diagnostic
    >>> fallback_line(object(), [Diagnostic(severity="warning", code="LLM_UNAVAILABLE", message="x: down")])
    'regc: warning: the model was unavailable (x: down); the rules decided instead (1 diagnostic(s) LLM_UNAVAILABLE)'
    """
    if decider is None:
        return ""
    down = [d for d in diagnostics if d.code in ("LLM_UNAVAILABLE", "LLM_BUDGET_EXCEEDED")]
    if not down:
        return ""
    codes = sorted({d.code for d in down})
    return (f"regc: warning: the model was unavailable ({down[0].message[:160]}); the rules decided instead "
            f"({len(down)} diagnostic(s) {', '.join(codes)})")


def add_lm_arguments(p):
    """The LM options shared by `regc compile` and `regc optimize` (no heavy imports here)."""
    g = p.add_argument_group("LLM semantic stages (DSPy)")
    g.add_argument("--lm", metavar="MODEL", default="none",
                   help="none (rules only, default) or openai/<model> for an OpenAI-compatible endpoint; "
                        "API key from $REGC_LM_API_KEY or $OPENAI_API_KEY")
    g.add_argument("--api-base", metavar="URL", help="endpoint base URL, e.g. http://127.0.0.1:8000/v1")
    g.add_argument("--budget", metavar="N", help="stop asking the model after N tokens (or Ncalls, or $X); "
                                                 "the rules decide from then on")
    g.add_argument("--lm-cache", metavar="DIR", help="prompt cache folder (default $REGC_LM_CACHE or "
                                                     "~/.cache/regc/lm; 'off' disables)")
    g.add_argument("--lm-timeout", type=_number(float, 0, False), default=60.0, metavar="S",
                   help="seconds per request (default 60)")
    g.add_argument("--lm-retries", type=_number(int, 0, True), default=3, metavar="N",
                   help="retries with backoff (default 3)")
    g.add_argument("--lm-concurrency", type=_number(int, 1, True), default=4, metavar="N",
                   help="parallel requests (default 4)")
    return g


def add_compile_arguments(p) -> None:
    g = add_lm_arguments(p)
    g.add_argument("--hybrid", action="store_true",
                   help="with --lm: the rules decide; the model is asked only when a rule is unsure or the ODR "
                        "check failed")
    g.add_argument("--program", action="append", default=[], metavar="PROGRAM.json",
                   help="optimised program from `regc optimize` (repeatable, one per module)")


def decider_from_args(args):
    """The ``CompileOptions.decider`` for `regc compile` args (None for ``--lm none``); CLIError on bad input."""
    from regc.cli import CLIError

    model = getattr(args, "lm", "none") or "none"
    if model == "none":
        for flag, val in (("--hybrid", args.hybrid), ("--program", args.program), ("--budget", args.budget),
                          ("--api-base", args.api_base)):
            if val:
                raise CLIError(f"{flag} needs --lm MODEL")
        return None
    if not model.startswith("openai/"):
        raise CLIError(f"--lm {model}: use openai/<model> (any OpenAI-compatible endpoint) or none")
    check_lm_paths(args)
    from regc.llm.decider import make_decider
    from regc.llm.optimize import OptimizeError

    try:
        decider = make_decider(model, api_base=args.api_base, hybrid=args.hybrid, budget=args.budget,
                               programs=args.program, cache_dir=args.lm_cache, timeout_s=args.lm_timeout,
                               retries=args.lm_retries, max_concurrency=args.lm_concurrency)
    except OptimizeError as e:
        raise CLIError(str(e)) from None
    except ValueError as e:  # bad --budget
        raise CLIError(str(e)) from None
    require_endpoint(args)
    return decider


def usage_line(decider) -> str:
    """One line of model usage for the compile summary ('' without a decider)."""
    if decider is None:
        return ""
    return f"{decider.client.usage.summary()}; {decider.consulted} decisions sent to {decider.model} " \
           f"({decider.mode})"


def register(sub) -> None:
    p = sub.add_parser("optimize", help="optimise a DSPy module for one semantic decision against gold",
                       description=__doc__.split("\n\n")[0])
    p.add_argument("--gold", required=True, metavar="GOLD_DIR", help="gold activity folder")
    p.add_argument("--decision", "--module", dest="decision", required=True, type=decision_name, metavar="NAME",
                   help="which decision unit (regc.decisions.DECISIONS with a model path, e.g. applicability)")
    p.add_argument("--optimizer", default="labeled", choices=("labeled", "bootstrap", "mipro", "gepa"),
                   help="labeled (no LM needed), bootstrap, mipro, gepa")
    p.add_argument("-o", "--output", required=True, metavar="PROGRAM.json", help="program file to write")
    p.add_argument("--k", type=int, default=8, help="max demos (default 8)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--gepa-budget", type=int, default=60, metavar="N", help="GEPA metric calls (default 60)")
    add_lm_arguments(p)
    p.set_defaults(func=_cmd)


def _cmd(args) -> int:
    from regc.cli import CLIError
    from regc.llm.optimize import (OptimizeError, gold_examples, load_gold, optimize_module,
                                          save_program, split_by_activity)

    lm = None
    if args.lm and args.lm != "none":
        if not args.lm.startswith("openai/"):
            raise CLIError(f"--lm {args.lm}: use openai/<model> or none")
        check_lm_paths(args)
        from regc.llm.lm import LMClient, LMSettings, parse_budget

        try:  # the project's client: prompt cache, budget, retries and accounting apply to the optimiser's calls
            lm = LMClient(LMSettings(model=args.lm, api_base=args.api_base, timeout_s=args.lm_timeout,
                                     retries=args.lm_retries, max_concurrency=args.lm_concurrency,
                                     cache_dir=args.lm_cache, budget=parse_budget(args.budget)))
        except ValueError as e:  # bad --budget
            raise CLIError(str(e)) from None
        require_endpoint(args)
    from regc.llm.lm import LMCallError

    try:
        examples = gold_examples(load_gold(args.gold), args.decision)
        train, dev = split_by_activity(examples)
        prog, report = optimize_module(args.decision, train, dev, optimizer=args.optimizer, lm=lm, k=args.k,
                                       seed=args.seed, gepa_budget=args.gepa_budget)
        out = save_program(prog, args.output, report, model=None if lm is None else args.lm)
    except (OptimizeError, LMCallError) as e:
        raise CLIError(str(e)) from None
    except OSError as e:
        raise CLIError(f"{args.output}: cannot write the program: {e.strerror or e}") from None  # not the tmp name
    s = report["scores"]
    print(f"optimized {args.decision} with {args.optimizer}: {report['train']} train / {report['dev']} dev examples, "
          f"{report['demos']} demos -> {out} (dev: rules {s.get('rules_dev')}, program {s.get('program_dev')})"
          + (f"; {lm.usage.summary()}" if lm is not None else ""))
    sys.stdout.flush()
    return 0


__all__ = ["register", "add_lm_arguments", "add_compile_arguments", "decider_from_args", "usage_line",
           "fallback_line", "require_endpoint", "decision_name"]
