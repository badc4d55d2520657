"""What every page state must pass on a phone: issue 18's bar, measured in the real browser.

``check_page_state(page, name)`` saves the screenshot, then asserts: nothing sticks out sideways
at 360 px; axe-core finds no violation of any impact; every visible tap target is at least
44 x 44 CSS px; no visible text carries a code name or an API path.
"""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from tests.pages.conftest import PHONE, SCREENSHOTS

MIN_TAP = 44
# snake_case words (`must_follow_suit`, `moon_choice`) and API paths (`/api/v1/...`, `plays.2`).
CODE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")
API_PATH = re.compile(r"/api/|\b[a-z]+\.\d+\b")

_axe = Axe()

# The tap targets of a page: what a finger presses. Inline links inside running text are exempt
# (WCAG 2.5.8's inline exception): a link in a paragraph with words of its own besides its
# links. A paragraph of links alone ("Back to the scoreboard", "Invite · Webhooks") and the
# breadcrumbs are targets, as is every other link, button, input, select and summary.
_SMALL_TARGETS = """(min) => {
  const picks = 'a[href], button, input:not([type=hidden]), select, textarea, summary, label[for]';
  const inRunningText = (link) => {
    const block = link.closest('p, li.prose, .prose');
    if (!block || block.classList.contains('crumbs')) return false;
    let words = block.innerText;
    for (const other of block.querySelectorAll('a')) words = words.replace(other.innerText, '');
    return /[\\p{L}\\p{N}]/u.test(words);
  };
  const small = [];
  for (const el of document.querySelectorAll(picks)) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
    // Inside a closed <details> a link keeps its box but is not shown: nothing to press.
    if (!el.checkVisibility()) continue;
    if (el.tagName === 'A' && inRunningText(el)) continue;
    const pressedByLabel = ['radio', 'checkbox'].includes(el.type) && el.labels?.length;
    if (el.tagName === 'INPUT' && pressedByLabel) {
      // A radio or checkbox is pressed through its label: the label is the target.
      const label = el.labels[0].getBoundingClientRect();
      if (label.width >= min && label.height >= min) continue;
    }
    if (box.width < min || box.height < min) {
      const words = (el.innerText || el.value || el.name || '').trim().slice(0, 30);
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      small.push(`${el.tagName.toLowerCase()} "${words}" ${size}`);
    }
  }
  return small;
}"""


def shot(page: Page, name: str) -> None:
    """Save the whole page, and check nothing sticks out sideways at 360 px."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOTS / f"{name}.png"
    try:
        page.screenshot(path=target, full_page=True)
    except PlaywrightError as error:
        # Chromium under load sometimes answers "Unable to capture screenshot" once (CI saw
        # it); the page itself is not at fault, and the second try shows it.
        if "Unable to capture screenshot" not in str(error):
            raise
        page.screenshot(path=target, full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide at {PHONE['width']}px"


def axe_violations(page: Page) -> list[str]:
    results = _axe.run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


def small_tap_targets(page: Page) -> list[str]:
    """Targets under 44 px, measured once the stylesheet has loaded: a click that navigates
    returns when the new page commits, and a page measured before its CSS applies reads 17 px."""
    page.wait_for_load_state("load")
    return page.evaluate(_SMALL_TARGETS, MIN_TAP)


def code_words(page: Page) -> list[str]:
    """Code names a person reads; a key shown to be copied (`code.key`) is random, not a word."""
    text = page.locator("body").inner_text()
    for key in page.locator("code.key").all_inner_texts():
        text = text.replace(key, " ")
    return sorted(set(CODE_NAME.findall(text)) | set(API_PATH.findall(text)))


def check_page_state(page: Page, name: str) -> None:
    """The screenshot, and every bar a page state must pass at 360 px."""
    shot(page, name)
    assert axe_violations(page) == [], name
    small = small_tap_targets(page)
    assert small == [], (name, small)
    assert code_words(page) == [], name
