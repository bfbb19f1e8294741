"""Doxygen's input filter for include/ludus/ludus.h: the header documents itself in plain C
comments (it is read by people first), which this turns into Doxygen's, so the reference is
made from the header as it is: the opening comment is the file's, a comment before a
declaration is that declaration's, a comment after a value on its line (an enum's) is that
value's, and the section rulers ("/* ---- Moves ---- */") are headings of member groups.
Comments already in Doxygen's form pass unchanged. Usage (Doxygen's INPUT_FILTER): FILTER FILE."""
import re
import sys

RULER = re.compile(r"^/\* -{2,} (.*?) -*\s*\*/\s*$")
LEADING = re.compile(r"^(\s*)/\*(?![*!])")
# after code on its line (not after other preprocessor lines than #define: "#endif /* guard */")
TRAILING = re.compile(r"^(\s*(?:#define\s|[^\s#/]).*?)/\*(?![*!<])")


def doxygen_comments(lines):
    out = []
    in_group = False
    for number, line in enumerate(lines):
        ruler = RULER.match(line)
        if ruler:
            # one line for one, so that Doxygen's messages give the header's line numbers
            close = "/** @} */ " if in_group else ""
            out.append(f"{close}/** \\name {ruler.group(1).strip()} */ /** @{{ */\n")
            in_group = True
            continue
        if number == 0 and line.startswith("/*") and not line.startswith("/**"):
            out.append("/** \\file\n")
            continue
        if line.startswith("#ifdef __cplusplus") and in_group and lines[number + 1].startswith("}"):
            line = "/** @} */ " + line  # the last group closes before the extern "C" block does
            in_group = False
        line = LEADING.sub(r"\1/**", line)
        line = TRAILING.sub(r"\1/**<", line)
        out.append(line)
    return out


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as header:
        sys.stdout.write("".join(doxygen_comments(header.readlines())))
