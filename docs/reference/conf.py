"""Sphinx configuration of the reference site (built by .ci/docs, which stages the sources: the
README as the index, the docs/ pages, the generated JavaScript page; the C reference is
Doxygen's, copied beside). The Python reference is autodoc of the package's modules; a public
Python name without a docstring is a warning, and the build turns warnings into errors."""
import importlib
import os
import sys
from pathlib import Path

SOURCE_ROOT = Path(os.environ.get("LUDUS_SOURCE_ROOT", Path(__file__).resolve().parents[2]))
sys.path[:0] = [str(SOURCE_ROOT / "bindings" / "python"), str(SOURCE_ROOT / "tests" / "python")]

import ludus  # noqa: E402 (the library comes from LUDUS_LIBRARY)
from test_docstrings import MODULES, missing_docstrings  # noqa: E402 (one check for the test and the site)

project = "libludus"
release = version = ludus.__version__
copyright = "the libludus authors"
extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["reference/*.py", "reference/*.mjs", "reference/Doxyfile"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "description"
html_theme = "alabaster"
html_title = f"libludus {release}"
html_show_sourcelink = False
# Wide enough for the README's code (100 columns) beside the sidebar, which keeps its own width.
html_theme_options = {"page_width": "1240px", "sidebar_width": "250px", "code_font_size": "0.8em"}


def write_python_reference(app):
    """reference/python.rst: each public module of the package with autodoc (the package's own
    names under ``ludus``, each submodule's under its name, so nothing is described twice)."""
    lines = [
        "Python API (``ludus``)",
        "======================",
        "",
        "Generated from the package's docstrings; the tour is :doc:`../python`.",
        "",
    ]
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        lines += [f"``{module_name}``", "-" * (len(module_name) + 4), "", f".. automodule:: {module_name}"]
        if module_name == "ludus":
            lines += ["   :members: library_version, library_path", ""]
        else:
            lines += ["   :members:", "   :show-inheritance:", ""]
    target = Path(app.srcdir) / "reference" / "python.rst"
    target.parent.mkdir(exist_ok=True)
    text = "\n".join(lines)
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def check_docstrings(app):
    from sphinx.util import logging

    logger = logging.getLogger("ludus.docstrings")
    for name in missing_docstrings():
        logger.warning(f"the public Python name {name} has no docstring")


def setup(app):
    app.connect("builder-inited", write_python_reference)
    app.connect("builder-inited", check_docstrings)
