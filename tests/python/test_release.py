"""The version is written in several places (docs/releasing.md, "Where the version is
written"); they must all say the same, and the changelog must have the version's section."""
import json
import re

import pytest

import ludus
from conftest import SOURCE_ROOT

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)


def meson_version():
    return re.search(r"^\s*version: '([^']+)'", (SOURCE_ROOT / "meson.build").read_text(encoding="utf-8"), re.M).group(
        1
    )


def header_version():
    header = (SOURCE_ROOT / "include" / "ludus" / "ludus.h").read_text(encoding="utf-8")
    parts = [re.search(rf"#define LUDUS_VERSION_{part} (\d+)", header).group(1) for part in ("MAJOR", "MINOR", "PATCH")]
    string = re.search(r'#define LUDUS_VERSION_STRING "([^"]+)"', header).group(1)
    assert string == ".".join(parts), "LUDUS_VERSION_STRING and the MAJOR/MINOR/PATCH macros differ"
    return string


def test_every_place_has_the_same_version():
    version = meson_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    package_json = json.loads((SOURCE_ROOT / "bindings" / "js" / "package.json").read_text(encoding="utf-8"))
    assert {
        "ludus.h": header_version(),
        "ludus.__version__": ludus.__version__,
        "the loaded library": ludus.library_version(),
        "bindings/js/package.json": package_json["version"],
    } == dict.fromkeys(["ludus.h", "ludus.__version__", "the loaded library", "bindings/js/package.json"], version)


def test_the_changelog_has_the_version_and_its_predecessors_in_order():
    headings = re.findall(
        r"^## (\d+)\.(\d+)\.(\d+)\b", (SOURCE_ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M
    )
    versions = [tuple(map(int, h)) for h in headings]
    assert versions and versions[0] == tuple(map(int, meson_version().split("."))), "CHANGELOG.md's newest section"
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert versions[-1] == (1, 0, 0)


def test_the_default_bound_of_playouts_is_the_headers():
    header = (SOURCE_ROOT / "include" / "ludus" / "ludus.h").read_text(encoding="utf-8")
    assert ludus.DEFAULT_MAX_PLIES == int(re.search(r"#define LUDUS_DEFAULT_MAX_PLIES (\d+)u?", header).group(1))
