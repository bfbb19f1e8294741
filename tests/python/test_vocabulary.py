"""One vocabulary: the statuses, phases, results and end reasons are defined once, in
include/ludus/ludus.h, and every other place that names them must say the same. A status or an
end reason added to the header and not to one of the others (or the other way round) fails here:
the C++ enums (lib/error.hpp, lib/game.hpp) and the reasons' names (lib/game.cpp), the C
ABI's status names (ludus_status_name, called through the built library), the Python and
JavaScript error classes (one class name per status in both), index.d.ts, the JSON schema of
positions, the web app's messages in each language."""
import ctypes
import json
import os
import re
from pathlib import Path

import pytest

import ludus
import ludus.errors

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

ROOT = Path(__file__).resolve().parents[2]


def read(path):
    return (ROOT / path).read_text(encoding="utf-8")


def c_enum(header, name):
    """{constant: value} of `typedef enum name { ... } name;` in the header."""
    body = re.search(r"typedef enum " + name + r" \{(.*?)\} " + name + ";", header, re.S).group(1)
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"(LUDUS_\w+)\s*=\s*(-?\d+)", body)}


def cpp_enum(source, name):
    """[(member, value or None)] of `enum class name ... { ... };` in a C++ source."""
    body = re.search(r"enum class " + name + r"\b[^{]*\{(.*?)\};", source, re.S).group(1)
    body = re.sub(r"//[^\n]*", "", body)
    members = []
    for item in body.split(","):
        item = item.strip()
        if item:
            member, _, value = item.partition("=")
            members.append((member.strip(), int(value) if value.strip() else None))
    return members


HEADER = read("include/ludus/ludus.h")
STATUSES = {k: v for k, v in c_enum(HEADER, "ludus_status").items()}
ERRORS = {k: v for k, v in STATUSES.items() if k != "LUDUS_OK"}


def end_reasons_of_header():
    doc = re.search(r"The rules' own cases:\n(.*?)\n \* The same string", HEADER, re.S).group(1)
    return re.findall(r'^ \*   "(\w+)"', doc, re.M)


END_REASONS = end_reasons_of_header()


def class_name(status_name):
    """The error class of a status in both packages: LUDUS_E_BAD_JSON -> BadJsonError, except
    LUDUS_E_NO_MEMORY -> LudusMemoryError (MemoryError is Python's own)."""
    if status_name == "LUDUS_E_NO_MEMORY":
        return "LudusMemoryError"
    return "".join(word.capitalize() for word in status_name[len("LUDUS_E_") :].split("_")) + "Error"


def test_the_header_lists_what_this_test_reads():
    assert STATUSES["LUDUS_OK"] == 0 and len(ERRORS) >= 14
    assert sorted(STATUSES.values()) == list(range(len(STATUSES))), "statuses are numbered 0, 1, 2, ... without gaps"
    assert "borne_off" in END_REASONS and len(END_REASONS) >= 9


def test_cpp_status_enum_matches_the_header():
    members = cpp_enum(read("lib/error.hpp"), "Status")
    assert {"LUDUS_E_" + m.upper() if m != "ok" else "LUDUS_OK": v for m, v in members} == STATUSES


def test_c_abi_names_every_status_and_no_other():
    lib = ctypes.CDLL(os.environ.get("LUDUS_LIBRARY") or ludus.library_path())
    lib.ludus_status_name.restype = ctypes.c_char_p
    lib.ludus_status_name.argtypes = [ctypes.c_int]
    for name, value in STATUSES.items():
        assert lib.ludus_status_name(value).decode() == name
    assert lib.ludus_status_name(len(STATUSES)).decode() == "LUDUS_E_UNKNOWN_STATUS"


def test_python_has_one_error_class_per_status():
    by_status = {value: ludus.errors.error_for_status(value, "m") for value in ERRORS.values()}
    for name, value in ERRORS.items():
        error = by_status[value]
        assert type(error).__name__ == class_name(name), name
        assert (error.status, error.status_name) == (value, name)
        assert getattr(ludus, class_name(name)) is type(error), f"ludus.{class_name(name)} is exported"
    assert type(ludus.errors.error_for_status(len(STATUSES), "m")) is ludus.LudusError


def test_javascript_has_one_error_class_per_status_in_the_same_order():
    source = read("bindings/js/src/index.js")
    table = re.search(r"const errorClasses = \[(.*?)\];", source, re.S).group(1)
    classes = [c.strip() for c in table.split(",") if c.strip()]  # a trailing comma or none
    assert classes[0] == "null", "index 0 is LUDUS_OK"
    assert classes[1:] == [class_name(n) for n, _ in sorted(ERRORS.items(), key=lambda item: item[1])]
    declarations = read("bindings/js/src/index.d.ts")
    for name in ERRORS:
        assert re.search(r"export class " + class_name(name) + r" extends LudusError\b", source), name
        assert re.search(r"export class " + class_name(name) + r" extends LudusError\b", declarations), name


def test_phases_and_results_match_the_header():
    phases = c_enum(HEADER, "ludus_phase")
    assert cpp_enum(read("lib/game.hpp"), "Phase") == [
        (k[len("LUDUS_PHASE_") :].lower(), v) for k, v in phases.items() if v >= 0
    ]
    results = c_enum(HEADER, "ludus_result")
    assert cpp_enum(read("lib/game.hpp"), "Result") == [
        (k[len("LUDUS_RESULT_") :].lower(), v) for k, v in results.items() if v >= 0
    ]
    assert [str(p) for p in ludus.Phase] == [k[len("LUDUS_PHASE_") :].lower() for k, v in phases.items() if v >= 0]
    assert [r.name for r in ludus.Result] == [k[len("LUDUS_RESULT_") :] for k, v in results.items() if v >= 0]
    source = read("bindings/js/src/index.js")
    js_phases = re.search(r"export const Phase = Object\.freeze\(\{(.*?)\}\)", source, re.S).group(1)
    assert re.findall(r"(\w+):", js_phases) == [k[len("LUDUS_PHASE_") :] for k, v in phases.items() if v >= 0]
    js_results = re.search(r"export const Result = Object\.freeze\(\{(.*?)\}\)", source, re.S).group(1)
    assert re.findall(r"(\w+):", js_results) == [k[len("LUDUS_RESULT_") :] for k, v in results.items() if v >= 0]


def test_cpp_end_reasons_match_the_header():
    members = [m for m, _ in cpp_enum(read("lib/game.hpp"), "EndReason")]
    assert members == ["none"] + END_REASONS
    names = re.search(r"end_reason_names\[\]\s*=\s*\{(.*?)\};", read("lib/game.cpp"), re.S)
    assert names, "lib/game.cpp keeps the reasons' names in end_reason_names[]"
    assert re.findall(r'"(\w*)"', names.group(1)) == [""] + END_REASONS


def test_javascript_end_reasons_match_the_header():
    source = read("bindings/js/src/index.js")
    table = re.search(r"export const EndReason = Object\.freeze\(\{(.*?)\}\);", source, re.S).group(1)
    pairs = re.findall(r"(\w+): \"(\w+)\"", table)
    assert [value for _, value in pairs] == END_REASONS
    assert all(key == value.upper() for key, value in pairs)
    declarations = read("bindings/js/src/index.d.ts")
    union = re.search(r"export type EndReasonName =(.*?);", declarations, re.S).group(1)
    assert re.findall(r'"(\w+)"', union) == END_REASONS
    constants = re.search(r"export const EndReason: \{(.*?)\};", declarations, re.S).group(1)
    assert re.findall(r"readonly (\w+):", constants) == [r.upper() for r in END_REASONS]


def test_python_end_reasons_match_the_header():
    assert [r.value for r in ludus.EndReason] == END_REASONS
    assert [r.name for r in ludus.EndReason] == [r.upper() for r in END_REASONS]


def test_the_schema_lists_the_end_reasons():
    schema = json.loads(read("schemas/common.schema.json"))
    assert schema["$defs"]["end_reason"]["enum"] == [None] + END_REASONS


@pytest.mark.parametrize("language", ["it", "en", "de"])
def test_the_web_app_says_every_end_reason_and_names_only_statuses(language):
    messages = json.loads(read(f"examples/web/i18n/{language}.json"))
    for reason in END_REASONS:
        assert f"reason.{reason}" in messages, f"{language}: reason.{reason}"
    own = {"move", "hint", "draw", "other"}  # the app's own errors, not statuses
    status_keys = {key[len("error.") :] for key in messages if key.startswith("error.")} - own
    assert status_keys <= {
        name[len("LUDUS_E_") :].lower() for name in ERRORS
    }, f"{language}: error.* names a status the header does not have"
