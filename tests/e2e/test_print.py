from __future__ import annotations

import pytest

from tests.catalog.printing.fixtures import make_few_tokens


@pytest.fixture
def few_tokens(transactional_db):
    make_few_tokens()


@pytest.mark.django_db(transaction=True)
def test_it_fills_the_basket_from_a_decklist_and_previews_the_sheet(
    browser, live_url, artifacts_dir, few_tokens
):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(live_url + "/print/")
    page.get_by_label("Paste a decklist").fill("4 Xorn\n2 Dwarven Reinforcements\n1 Xornn\n")
    page.get_by_role("button", name="Find the tokens").click()
    page.get_by_text("did you mean Xorn?").wait_for()
    page.get_by_role("button", name="Add to the basket").click()
    page.locator("#basket input[name='count-mtg-treasure']").wait_for()
    assert page.locator("#basket input[name='count-mtg-treasure']").input_value() == "4"
    page.screenshot(path=str(artifacts_dir / "print-basket.png"), full_page=True)
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("heading", name="Print preview").wait_for()
    sheets = page.locator("svg.sheet")
    assert sheets.count() == 1
    box = sheets.first.bounding_box()
    assert box is not None and abs(box["height"] / box["width"] - 297 / 210) < 0.01
    assert page.locator("svg.sheet use").count() == 8
    page.screenshot(path=str(artifacts_dir / "print-preview.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert overflow is False
    page.close()


@pytest.mark.django_db(transaction=True)
def test_a_large_print_is_made_in_the_background_and_downloaded(
    browser, live_url, artifacts_dir, few_tokens, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(live_url + "/print/?token=mtg-treasure&count=120")  # 14 sheets
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("heading", name="Print preview").wait_for()
    page.get_by_role("link", name="Download PDF").click()
    page.get_by_text("made in the background").wait_for()
    page.get_by_role("button", name="Make the PDF").click()
    link = page.get_by_test_id("print-job-download")
    link.wait_for(timeout=30_000)  # the page refreshes itself until the job is done
    page.screenshot(path=str(artifacts_dir / "print-job.png"), full_page=True)
    with page.expect_download() as download:
        link.click()
    pdf = (tmp_path / "tokens.pdf").as_posix()
    download.value.save_as(pdf)
    with open(pdf, "rb") as handle:
        assert handle.read(5) == b"%PDF-"
    page.close()
