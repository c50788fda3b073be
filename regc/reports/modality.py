"""Per-page modality: 'digital' (text layer), 'scanned' (one page-sized image, no text), 'mixed'.

>>> classify(text_chars=0, image_cover=0.95)
'scanned'
>>> classify(text_chars=1800, image_cover=0.0)
'digital'
"""

from __future__ import annotations

SCAN_COVER = 0.6  # an image covering this share of the page looks like a scan
MIN_TEXT_CHARS = 20


def classify(text_chars: int, image_cover: float) -> str:
    """Modality from the amount of text and the largest image's page coverage."""
    if text_chars < MIN_TEXT_CHARS:
        return "scanned" if image_cover >= SCAN_COVER else ("digital" if image_cover == 0 else "scanned")
    return "mixed" if image_cover >= SCAN_COVER else "digital"


def page_modality(page, words) -> str:
    """Modality of a pymupdf page given its words."""
    area = abs(page.rect) or 1.0
    cover = 0.0
    try:
        for info in page.get_image_info():
            r = info.get("bbox")
            if r:
                x0, y0, x1, y1 = r
                cover = max(cover, max(0.0, x1 - x0) * max(0.0, y1 - y0) / area)
    except Exception:
        cover = 0.0
    return classify(sum(len(w.text) for w in words), min(cover, 1.0))
