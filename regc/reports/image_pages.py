"""Image-only pages read without OCR: say, page by page, what was not read, and where a missing KPI table
probably is.  A serious reader never turns an unread page into numbers: the values stay null, and the findings
name each image page (its modality) and, for a KPI whose table was not found, the image page among or beside
the other KPIs' table pages (reports print the three tables together).

>>> nearest_image_page([4, 9], [3, 5])
4
>>> nearest_image_page([12], [3, 5]) is None
True
"""

from __future__ import annotations

MAX_LISTED = 20  # image pages named one by one; more are summarised in one finding
NEAR_TABLES = 2  # an image page at most this many pages from a KPI table page may hold a missing table
BLANK_CHARS = 20  # a page with less text than this has no text layer worth the name


def nearest_image_page(image_pages: list[int], table_pages: list[int]) -> int | None:
    """The image page closest to the KPI table pages (within ``NEAR_TABLES``), None when none is near."""
    near = [(min(abs(p - t) for t in table_pages), p) for p in image_pages if table_pages]
    near = [(d, p) for d, p in near if d <= NEAR_TABLES]
    return min(near)[1] if near else None


def image_pages(doc, limit: int) -> list[int]:
    """Pages (1-based, among the first ``limit``) with no text layer whose modality is 'scanned'."""
    blank = [i + 1 for i, t in enumerate(doc.page_texts(limit)) if len(t.strip()) < BLANK_CHARS]
    return [n for n in blank if doc.page(n).modality == "scanned"]


def image_page_findings(doc, limit: int, table_pages: list[int], missing: list[str]) -> list[dict]:
    """Findings for image-only pages when no OCR engine is set (``[]`` with OCR): one warning per page, and
    an error per missing KPI naming the image page next to the other tables."""
    if doc.ocr_engine is not None:
        return []
    pages = image_pages(doc, limit)
    if not pages:
        return []
    out = []
    suspect = nearest_image_page(pages, table_pages)
    for kpi in missing if suspect is not None else []:
        out.append({"severity": "error", "page": suspect,
                    "message": f"{kpi}: no table read; page {suspect} is an image without a text layer beside the "
                               "other KPI tables (not OCR'd: --no-ocr, or tesseract-ocr not installed) - its values "
                               "are left null, not guessed; read it with OCR"})
    for n in pages[:MAX_LISTED]:
        out.append({"severity": "warning", "page": n,
                    "message": f"page {n}: modality scanned (image only, no text layer), not OCR'd: not read"})
    if len(pages) > MAX_LISTED:
        out.append({"severity": "warning", "page": pages[MAX_LISTED],
                    "message": f"{len(pages) - MAX_LISTED} more image-only pages not OCR'd"})
    return out
