"""Objective codes and unit parts from annex titles and criteria-row headings (shared by all front-ends)."""

from __future__ import annotations

import doctest

import pytest

from regc.frontends import _html, objectives, text
from regc.frontends.objectives import (OBJECTIVE_NAMES, OBJECTIVES, annex_objective, classify_row_heading,
                                                objective_from_text, unit_part_from_heading)


@pytest.mark.parametrize("module", [objectives, _html, text], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_doctests(module):
    """The examples in the front-end helper docstrings are run (objectives, safe HTML loading, text)."""
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("code", OBJECTIVES)
def test_every_printed_dnsh_heading(code):
    n = OBJECTIVES.index(code) + 1
    name = OBJECTIVE_NAMES[code]
    for heading in (f"({n})  {name}", f"({n}) {name.lower()}", name, f"DNSH on {name}", f"({n})\u00a0\u00a0{name}"):
        assert unit_part_from_heading(heading) == f"DNSH-{code}", heading


@pytest.mark.parametrize("code,title", [
    ("CCM", "contributing substantially to climate change mitigation and for determining whether …"),
    ("CCA", "contributing substantially to climate change adaptation and for determining whether …"),
    ("WTR", "contributing substantially to the sustainable use and protection of water and marine resources and …"),
    ("CE", "contributing substantially to the transition to a circular economy and for determining …"),
    ("PPC", "contributing substantially to pollution prevention and control and for determining …"),
    ("BIO", "contributing substantially to the protection and restoration of biodiversity and ecosystems and …"),
])
def test_annex_titles(code, title):
    assert annex_objective("Technical screening criteria for determining the conditions under which an economic "
                           "activity qualifies as " + title) == code


def test_sc_rows_name_their_objective():
    for code, name in OBJECTIVE_NAMES.items():
        rh = classify_row_heading(f"Substantial contribution to {name.lower()}")
        assert rh is not None and rh.part == "SC" and rh.objective == code


def test_not_headings():
    for heading in ("The activity complies with the criteria set out in Appendix A to this Annex.", "N/A", "",
                 "Description of the activity", "(2) The facility is designed to use bio-based feedstock"):
        assert unit_part_from_heading(heading) is None, heading
    assert objective_from_text("Manufacture of bio-waste products") is None
