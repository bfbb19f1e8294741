"""Reading the differentials' record files (ur_ludii_compare.py, senet_ludii_compare.py)."""


def record_lines(paths):
    """Each non-empty line of the files, in order: ("PATH:NUMBER", the line, its words)."""
    for path in paths:
        with open(path, encoding="utf-8") as records:
            for number, line in enumerate(records, 1):
                words = line.split()
                if words:
                    yield f"{path}:{number}", line, words
