"""The evaluator's HTML report in a real browser: headless Chromium (Debian's ``chromium``, installed by
``make test``) driven by Playwright.  The page loads without console errors, verdicts and explanations are
visible, each criterion links to its source text, and nothing is fetched from the network (offline)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from regc.cli import main

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (PyPI) is not installed")
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed and could not be (make test runs `apt-get install -y chromium`)")
    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh --user-data-dir
    with sync_api.sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture(scope="module")
def report(tmp_path_factory, eurlex) -> Path:
    tmp = tmp_path_factory.mktemp("report")
    build = tmp / "build"
    src = eurlex / "32021r2139" / "2026-01-01" / "en.xml"
    assert main(["compile", str(src), "--only", "CCM-4.29", "-o", str(build), "-q"]) == 0
    facts = tmp / "facts.json"
    facts.write_text(json.dumps({"as_of": "2026-01-01", "activities": {"CCM-4.29": {
        "1(a)": {"value": 250, "unit": "g CO2e/kWh"}, "1(b)(ii)": True, "DNSH-PPC": {"P1": True}}}}))
    out = tmp / "report.html"
    assert main(["eval", str(build), str(facts), "--format", "html", "-o", str(out)]) == 0
    return out


def test_report_renders_offline_without_errors(browser_page, report):
    page = browser_page.new_page()
    problems: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning")
            else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))

    def route(r):
        requests.append(r.request.url)
        r.continue_() if r.request.url.startswith("file://") else r.abort()

    page.route("**/*", route)
    page.goto(report.as_uri(), wait_until="load")
    assert problems == []
    assert requests == [report.as_uri()]  # the page itself, nothing else: works offline
    assert page.evaluate("document.querySelectorAll('script, link, img, iframe, object, embed').length") == 0
    assert page.evaluate("[...document.styleSheets].every(s => ![...s.cssRules].some("
                         "r => r.constructor.name === 'CSSFontFaceRule' || r.constructor.name === 'CSSImportRule'))")
    # verdicts and explanations are visible
    fail = page.locator("li#c-CCM-4_2e_29_2f_1_28_a_29_ > span.v").first
    assert fail.is_visible() and fail.inner_text() == "FAIL"
    assert page.get_by_text("250 g CO2e/kWh < 100 g CO2e/kWh -> FAIL").first.is_visible()
    assert page.get_by_text("why:").first.is_visible()
    # every criterion links to its source text, which is there and holds the criterion's text
    crit = page.locator("li[id^='c-']")
    n = crit.count()
    assert n > 20
    missing = page.evaluate("""() => [...document.querySelectorAll("li[id^='c-']")].filter(li => {
        const a = li.querySelector(':scope > a.src');
        if (!a) return true;
        const t = document.getElementById(a.getAttribute('href').slice(1));
        return !t || t.tagName !== 'DT' || !t.nextElementSibling || !t.nextElementSibling.textContent.trim();
    }).map(li => li.id)""")
    assert missing == []
    link = page.locator("li#c-CCM-4_2e_29_2f_1_28_a_29_ > a.src")
    link.click()
    target = page.locator("dt#src-c-CCM-4_2e_29_2f_1_28_a_29_")
    assert page.evaluate("location.hash") == "#src-c-CCM-4_2e_29_2f_1_28_a_29_"
    assert target.is_visible() and "life-cycle" in target.locator("xpath=following-sibling::dd[1]").inner_text().lower()
    page.close()
