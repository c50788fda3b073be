"""The report reader's view of the PDF front-end (:mod:`regc.frontends.pdf`): the same document tree (pages ->
visual lines -> words with boxes, sections from the outline, then typographic headings, then numbering,
contents pages, modality; lone Greek section letters read as Latin); a file that cannot be read raises :class:`~regc.reports.errors.ReportInputError`.

>>> Word(10, 5, 20, 12, "yes").xc
15.0
>>> issubclass(Document, BaseDocument) and Document.error is ReportInputError
True
"""

from __future__ import annotations

from regc.frontends.pdf import (LINE_TOLERANCE, MAX_PAGES, NUMBERED_HEADING, TOC_TITLES, Line, Page, Section,
                                Word, _text_flags, group_lines, looks_like_toc)
from regc.frontends.pdf import Document as BaseDocument
from regc.reports.errors import ReportInputError
from regc.reports.section_letters import latin_page


class Document(BaseDocument):
    """A PDF report opened read-only (see :class:`regc.frontends.pdf.Document`); ReportInputError for a
    missing, damaged, encrypted or empty file.  Lone Greek / Cyrillic section letters ("Α.1.", "(Α+Β)") are read
    as Latin (rule ``latin_section_letters``, :mod:`regc.reports.section_letters`)."""

    error = ReportInputError

    def _build_page(self, number: int):
        return latin_page(super()._build_page(number))


__all__ = ["Document", "Word", "Line", "Page", "Section", "group_lines", "looks_like_toc", "LINE_TOLERANCE",
           "MAX_PAGES", "NUMBERED_HEADING", "TOC_TITLES", "_text_flags"]
