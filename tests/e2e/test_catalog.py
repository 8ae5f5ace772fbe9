from __future__ import annotations

import pytest
from playwright.sync_api import expect

from catalog.seed import load_seed


@pytest.mark.django_db(transaction=True)
def test_it_searches_the_catalogue_as_you_type(browser, live_url, artifacts_dir):
    load_seed()
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto(live_url + "/catalog/")
    results = page.locator("#results")
    assert "Treasure Token" in results.inner_text()
    page.locator("#q").press_sequentially("zombie ar", delay=60)
    # A locator wait, not wait_for_function: the site's CSP forbids eval (no 'unsafe-eval').
    expect(page.locator("#results .result-count")).to_contain_text("zombie ar")
    text = results.inner_text()
    assert "Zombie Army Token" in text
    assert "Treasure Token" not in text
    assert "q=zombie%20ar" in page.url  # hx-push-url keeps the search shareable
    assert page.evaluate("document.documentElement.scrollWidth > window.innerWidth") is False
    page.screenshot(path=str(artifacts_dir / "catalog-search-375.png"), full_page=True)

    page.get_by_role("link", name="Zombie Army Token").first.click()
    page.wait_for_url("**/catalog/tokens/mtg-zombie-army-0-0-b/")
    assert page.get_by_role("link", name="Print this token").is_visible()
    assert "Dreadhorde Invasion" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth > window.innerWidth") is False
    page.screenshot(path=str(artifacts_dir / "catalog-token-375.png"), full_page=True)
    page.close()


@pytest.mark.django_db(transaction=True)
def test_a_card_search_finds_the_card_and_its_tokens_and_a_typo_gets_suggestions(
    browser, live_url, artifacts_dir
):
    load_seed()
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(live_url + "/catalog/")
    page.locator("#q").press_sequentially("krenko", delay=40)
    expect(page.locator("#results .result-count")).to_contain_text("2 results")
    token = page.locator('#results a[data-kind="token"]')
    card = page.locator('#results a[data-kind="card"]')
    expect(token).to_contain_text("Goblin Token")
    expect(token).to_contain_text("Made by Krenko, Mob Boss")
    expect(card).to_contain_text("Makes Goblin Token")
    page.screenshot(path=str(artifacts_dir / "catalog-combined.png"), full_page=True)
    page.locator("#q").fill("")
    page.locator("#q").press_sequentially("krenko mobb bos", delay=40)
    expect(page.locator("#results .result-count")).to_contain_text("krenko mobb bos")
    suggestion = page.locator("#results a.did-you-mean")
    expect(suggestion).to_have_text("Krenko, Mob Boss")
    suggestion.click()
    page.wait_for_url("**/catalog/?q=Krenko*")
    expect(page.locator("#results .result-count")).to_contain_text("2 results")
    page.close()
