"""The sizes README.md and docs/javascript.md give for the WebAssembly build are the build's, to
within a tenth: the module (`ludus.wasm`, raw and with gzip -9) and the whole web app a visitor
downloads (every file of the built app, each with gzip -9, as examples/web/benchmark.sh counts
it). The app must also stay within its budget (APP_BUDGET_KIB, the same count). A figure that a change of the build has left behind fails here, and is measured again (with
its date) instead of quoted. Run by the WebAssembly build (meson test -C build-wasm 'docs
sizes', LUDUS_WASM_BUILD its folder); elsewhere skipped, saying so.
"""
import gzip
import os
import re
from pathlib import Path

import pytest

SOURCE_ROOT = Path(__file__).resolve().parents[2]
WASM_BUILD = os.environ.get("LUDUS_WASM_BUILD")
TOLERANCE = 0.10
# The whole app's budget, gzip -9 per file (docs/web.md, "sizes"): 600 KiB.
APP_BUDGET_KIB = 600
# And the app may not grow past its last measured size and a few KiB (docs/web.md).
APP_CEILING_KIB = 598

pytestmark = pytest.mark.skipif(
    not WASM_BUILD, reason="the WebAssembly build runs this (meson test -C build-wasm 'docs sizes')"
)
# The app ships its scripts and style minified (examples/web/minify.mjs, esbuild from npm ci); a
# build without esbuild copies them as they are, and its size is not the size the app ships at.
as_shipped = pytest.mark.skipif(
    os.environ.get("LUDUS_WEB_MINIFIED") == "0",
    reason="no esbuild (npm ci): the app's scripts are not minified, so not the size it ships at",
)


def kib_gzip9(path):
    return len(gzip.compress(path.read_bytes(), 9)) / 1024


def said(page, pattern):
    match = re.search(pattern, (SOURCE_ROOT / page).read_text(encoding="utf-8"))
    assert match, f"{page} no longer gives the figure {pattern!r}: update this test"
    return [float(group.replace(",", "")) for group in match.groups()]


def assert_close(what, written, measured):
    assert (
        abs(written - measured) <= TOLERANCE * measured
    ), f"{what}: the page says {written:g} KiB, the build has {measured:.1f} KiB: measure it again"


def test_the_module_is_the_size_the_page_says():
    raw, packed = said("docs/javascript.md", r"`ludus\.wasm` ([\d,]+) KiB \(([\d,]+) KiB with `gzip -9`\)")
    module = Path(WASM_BUILD) / "bindings" / "js" / "ludus.wasm"
    assert_close("ludus.wasm", raw, module.stat().st_size / 1024)
    assert_close("ludus.wasm with gzip -9", packed, kib_gzip9(module))


def app_kib_gzip9():
    site = Path(WASM_BUILD) / "examples" / "web"
    served = [
        p
        for p in site.rglob("*")
        if p.is_file() and p.suffix not in (".py", ".sh") and not p.relative_to(site).parts[0].startswith("meson-")
    ]
    assert served, f"no app in {site}"
    return sum(kib_gzip9(p) for p in served)


@as_shipped
def test_the_app_is_the_size_the_readme_says():
    (total,) = said("README.md", r"([\d,]+) KiB gzip in all")
    assert_close("the web app, gzip -9 per file", total, app_kib_gzip9())


@as_shipped
def test_the_app_does_not_grow_past_its_ceiling():
    total = app_kib_gzip9()
    assert total <= APP_CEILING_KIB, (
        f"the web app is {total:.1f} KiB gzip -9 per file, over its ceiling of {APP_CEILING_KIB} KiB"
        f" (and over its budget of {APP_BUDGET_KIB} KiB): load later what the first screen does not"
        " need, or make room (docs/web.md, sizes)"
    )


@as_shipped
def test_the_app_is_within_its_budget():
    total = app_kib_gzip9()
    assert total <= APP_BUDGET_KIB, (
        f"the web app is {total:.1f} KiB gzip -9 per file, over its budget of {APP_BUDGET_KIB} KiB:"
        " load later what the first screen does not need, or make room (docs/web.md, sizes)"
    )
