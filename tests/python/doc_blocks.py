"""The fenced code blocks of a Markdown page, and the output the page says a block prints; read
by tests/python/test_docs.py (every block runs) and tests/quickstart/run.py (the README's quick
starts on a fresh clone)."""
import re

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)


def blocks(page):
    """(tag, code, line) of every fenced block of the page, in order."""
    return blocks_in(page.read_text(encoding="utf-8"))


def blocks_in(text):
    """(tag, code, line) of every fenced block of a Markdown text, in order."""
    return [(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)]


PRINTS = re.compile(r"prints:\s*$", re.I)


def promised_outputs(page):
    """{line of a run block: the text the page says it prints}."""
    text = page.read_text(encoding="utf-8")
    found = list(FENCE.finditer(text))
    promised = {}
    for block, following in zip(found, found[1:]):
        between = text[block.end() : following.start()]
        if following.group(1).strip() == "text" and PRINTS.search(between) and "```" not in between:
            promised[text.count("\n", 0, block.start()) + 1] = following.group(2)
    return promised


def output_pattern(expected):
    """A regular expression for a promised output: "..." any text, a line of "..." any lines."""
    parts = []
    for line in expected.rstrip("\n").split("\n"):
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(re.escape(line.rstrip()).replace(re.escape("..."), "[^\n]*") + r"[ \t]*\n")
    return "".join(parts)
