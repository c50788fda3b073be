"""Evaluation kernel: the stdlib-only core shared by the interpreter and the generated evaluator.

Everything that decides a verdict lives here: reading fact values (quantities with units, dates, booleans,
``{"applies": false}``), unit arithmetic over a closed atom table, comparing a fact with threshold items,
Kleene combination (AND / OR / N_OF_K with NOT_APPLICABLE dropped), dependency clauses, and the "missing
evidence" computation.  :mod:`regc.runtime.evaluator` calls these functions from compiled closures;
:mod:`regc.runtime.codegen` copies the kernel's source (via ``ast``) into every generated module, so both give
the same verdicts by construction (and ``tests/test_codegen.py`` checks it on random fact profiles).

The kernel is three modules, in this order (codegen inlines them in the order of the imports below, with the
pure unit functions of :mod:`regc.ir.units` ahead of them): :mod:`regc.runtime.kernel_kleene` (verdicts and their
combination), :mod:`regc.runtime.kernel_facts` (reading and indexing fact values) and
:mod:`regc.runtime.kernel_verdicts` (one criterion's verdict, the tree's, missing evidence).  This module only
re-exports them (nothing else may be written here: codegen rejects it).  Rules for the parts: standard library
only (plus :mod:`regc.ir.units` and each other), no I/O, deterministic.

>>> k_and(["PASS", "NOT_APPLICABLE", "UNKNOWN"]), k_or(["FAIL", "PASS"]), k_nofk(["PASS", "UNKNOWN", "FAIL"], 2)
('UNKNOWN', 'PASS', 'UNKNOWN')
"""

from regc.runtime.kernel_kleene import FAIL, NA, PASS, UNKNOWN, VERDICTS, k_and, k_combine, k_nofk, k_or
from regc.runtime.kernel_facts import (_PERIOD_DAYS, Fact, FactError, Qty, call_inputs, check_number, content_words,
                                       fmt_num, index_facts, make_qty, norm_metric, normalise_unit_text, parse_date,
                                       parse_period, parse_unit, read_evidence, read_value)
from regc.runtime.kernel_verdicts import (_extend, anchored_verdict, compare, eval_dates, eval_items, eval_node,
                                          in_force, missing, node_verdict, own_verdict, propagate_na, result)

__all__ = ["FAIL", "NA", "PASS", "UNKNOWN", "VERDICTS", "k_and", "k_combine", "k_nofk", "k_or",
           "_PERIOD_DAYS", "Fact", "FactError", "Qty", "call_inputs", "check_number", "content_words", "fmt_num",
           "index_facts", "make_qty", "norm_metric", "normalise_unit_text", "parse_date", "parse_period", "parse_unit",
           "read_evidence", "read_value",
           "_extend", "anchored_verdict", "compare", "eval_dates", "eval_items", "eval_node", "in_force", "missing",
           "node_verdict", "own_verdict", "propagate_na", "result"]
