"""The repository stands alone: no tracked file names a path outside it (the rules a reader needs
are docs/rules/, not a sibling folder of a checkout or a path on one machine), every page of
docs/ that a file names exists, and the code says why, not which issue asked for it (the
project's history is in docs/notes/ and the CHANGELOG)."""
import re

import pytest

from conftest import SOURCE_ROOT, tracked_texts

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

# Written in two parts, so that this file does not name them itself.
OUTSIDE = [".." + "/shared", "shared/" + "spec", "/" + "work/"]
ISSUE_NUMBER = re.compile(r"\bissue" + r"\s*#?[0-9]", re.IGNORECASE)
CODE_FOLDERS = ("lib/", "capi/", "include/", "bindings/", "tests/", "tools/")
DOCS_PAGE = re.compile(r"\bdocs/[A-Za-z0-9_./-]+\.md\b")


def test_the_texts_are_found():
    texts = tracked_texts()
    assert "README.md" in texts and "docs/rules/duodecim.md" in texts and "docs/rules/petteia.md" in texts


def test_no_file_names_a_path_outside_the_repository():
    found = [
        f"{path}:{number}: {line.strip()}"
        for path, text in tracked_texts().items()
        for number, line in enumerate(text.splitlines(), 1)
        if any(outside in line for outside in OUTSIDE)
    ]
    assert not found, "paths outside the repository:\n" + "\n".join(found)


def test_every_docs_page_named_exists():
    missing = sorted(
        {
            f"{path}: {page}"
            for path, text in tracked_texts().items()
            for page in DOCS_PAGE.findall(text)
            if not (SOURCE_ROOT / page).is_file()
        }
    )
    assert not missing, "pages named but missing:\n" + "\n".join(missing)


def test_no_issue_numbers_in_the_code():
    found = [
        f"{path}:{number}: {line.strip()}"
        for path, text in tracked_texts().items()
        if path.startswith(CODE_FOLDERS)
        for number, line in enumerate(text.splitlines(), 1)
        if ISSUE_NUMBER.search(line)
    ]
    assert not found, "issue numbers in the code (the history goes to docs/notes/ or the CHANGELOG):\n" + "\n".join(
        found
    )
