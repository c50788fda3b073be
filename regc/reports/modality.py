"""Per-page modality: 'digital' (text layer), 'scanned' (one page-sized image, no text), 'mixed'; it lives in the
PDF front-end (:mod:`regc.frontends.pdf`), re-exported here for the report reader.

>>> classify(text_chars=0, image_cover=0.95)
'scanned'
>>> classify(text_chars=1800, image_cover=0.0)
'digital'
"""

from __future__ import annotations

from regc.frontends.pdf import MIN_TEXT_CHARS, SCAN_COVER, classify, page_modality

__all__ = ["classify", "page_modality", "SCAN_COVER", "MIN_TEXT_CHARS"]
