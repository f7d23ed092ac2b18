"""The site read from the file system, with no server and no network: `OFFLINE=true`.

Material's offline plugin moves the search index into a script and turns off
directory URLs, so `site/index.html` opened as a file works, search included. The
build reuses the clean build's cache, so it runs no snippet.
"""

from __future__ import annotations

import pytest

from sitebuild import build_site


@pytest.fixture(scope="module")
def offline_site(clean_site, tmp_path_factory):
    return build_site(tmp_path_factory.mktemp("offline"), cache=clean_site.parent / "cache", OFFLINE="true")


def test_an_offline_copy_loads_from_files_and_its_search_works(offline_site, context):  # noqa: F811
    leaving = []
    page = context.new_page()
    page.on("request", lambda request: None if request.url.startswith(("file://", "data:", "blob:"))
            else leaving.append(request.url))
    page.goto((offline_site / "index.html").as_uri(), wait_until="load")
    page.locator("a[href='jaxprs.html']").first.click()  # plain links between files
    page.wait_for_load_state("load")
    assert page.url.endswith("/jaxprs.html")
    page.keyboard.press("/")
    page.keyboard.type("dot_general", delay=20)
    page.locator("li.md-search-result__item").first.wait_for(timeout=15_000)
    assert leaving == []
