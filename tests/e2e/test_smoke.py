from __future__ import annotations

import pytest


@pytest.mark.django_db(transaction=True)
def test_it_renders_the_home_page_in_chromium(browser, live_url, artifacts_dir):
    page = browser.new_page(viewport={"width": 375, "height": 800})
    page.goto(live_url + "/")
    assert page.get_by_role("heading", name="Tokens, done by the rules").is_visible()
    page.screenshot(path=str(artifacts_dir / "home-375.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert overflow is False
    page.close()
