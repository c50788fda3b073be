"""`regc ask`, round H14zb: a heading word meets a question word only when one stem begins the other, not on the
first ``PREFIX`` letters alone ("applicant" is no "Applicability.": :data:`regc.retrieval.headings.WHOLE_STEM`)."""

from __future__ import annotations

from regc.retrieval import headings
from regc.retrieval.headings import named_by_heading, named_near

HEADS = {"d#§ 1": "Applicability.", "d#§ 2": "Uses and disclosures.", "d#§ 3": "Authorization.", "d#§ 4": "Fees."}


def test_a_word_sharing_only_the_first_letters_names_no_heading():
    near = ["d#§ 2"]
    assert named_near("The applicant signed the form.", HEADS, near) == []
    assert named_near("What is the applicability of this rule?", HEADS, near) == ["d#§ 1"]
    assert named_near("Is the authorization valid?", HEADS, near) == ["d#§ 3"]
    assert named_near("May we charge fees for copies?", HEADS, near) == ["d#§ 4"]


def test_plural_and_ing_forms_still_meet():
    heads = {"X#Article 16": "Enabling activities", "X#Article 9": "Environmental objectives"}
    assert named_by_heading("Is it the kind that enables other activities?", heads) == ["X#Article 16"]
    assert named_by_heading("Is our factory an enabling activity?", heads) == ["X#Article 16"]
    assert named_by_heading("Which environmental objective applies?", heads) == ["X#Article 9"]


def test_without_the_rule_the_first_letters_decide(monkeypatch):
    monkeypatch.setattr(headings, "WHOLE_STEM", False)
    assert named_near("The applicant signed the form.", HEADS, ["d#§ 2"]) == ["d#§ 1"]
