"""The messages' schemas (``schemas/server``) and how a bad message is explained."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import jsonschema
from aiohttp import web

__all__ = [
    "schema_dir",
    "load_schema",
    "BadMessage",
    "parse_client_message",
    "check_body",
    "compile_schema",
    "client_checks",
    "MAX_MESSAGE_BYTES",
    "MAX_BODY_BYTES",
]

#: a client's WebSocket message longer than this is refused (the longest valid one is far shorter)
MAX_MESSAGE_BYTES = 2048
#: an HTTP request's body
MAX_BODY_BYTES = 8192
#: arrays and objects inside each other, at most (the deepest valid message has 2: roll's dice)
MAX_DEPTH = 4
#: a number's characters, at most (a seed below 2**64 has 20 digits)
MAX_NUMBER_CHARS = 24

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(r"[-+0-9.eE]{%d,}" % (MAX_NUMBER_CHARS + 1))


def schema_dir() -> Path:
    """The schemas: installed beside the package, or in the source tree's ``schemas/server``."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "schemas", here.parents[3] / "schemas" / "server"):
        if (candidate / "client-message.schema.json").is_file():
            return candidate
    raise FileNotFoundError("the server's JSON schemas (schemas/server) are missing")


_validators: Dict[str, jsonschema.protocols.Validator] = {}


def load_schema(name: str) -> Dict[str, Any]:
    return json.loads((schema_dir() / name).read_text(encoding="utf-8"))


def _validator(file: str, definition: str) -> Any:
    key = f"{file}#{definition}"
    if key not in _validators:
        document = load_schema(file)
        schema = dict(document["$defs"][definition])
        schema["$defs"] = document["$defs"]
        cls = jsonschema.validators.validator_for(document)
        _validators[key] = cls(schema)
    return _validators[key]


class BadMessage(Exception):
    """A message that is not one the protocol has: ``code`` and a message saying what is wrong;
    ``ident``, the message's id if it could be read (the answer echoes it)."""

    def __init__(self, code: str, message: str, ident: Optional[int] = None) -> None:
        super().__init__(message)
        self.code, self.message, self.ident = code, message, ident


def _check_shape(text: str) -> None:
    """Refuse what would make the JSON parser recurse deep or Python read a huge number, before
    parsing: the strings' contents set aside, the brackets' depth and the numbers' length."""
    few_brackets = text.count("[") + text.count("{") <= MAX_DEPTH
    if few_brackets and not _LONG_NUMBER.search(text):
        return  # a message's usual case: no string to set aside could change the answer
    bare = _STRING.sub('""', text)
    depth = 0
    for bracket in () if few_brackets else _BRACKETS.findall(bare):
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BadMessage("bad_message", f"arrays and objects are nested {MAX_DEPTH} deep at most")
        else:
            depth -= 1
    if _LONG_NUMBER.search(bare):
        raise BadMessage("bad_message", f"a number has {MAX_NUMBER_CHARS} characters at most")


def _parse(text: str) -> Any:
    _check_shape(text)
    try:
        return json.loads(text)
    except ValueError as e:
        raise BadMessage("bad_json", f"not JSON: {e}") from None


def message_id(message: Dict[str, Any]) -> Optional[int]:
    """The message's id if it is a valid one (client-message.schema.json's), else None."""
    ident = message.get("id")
    if isinstance(ident, int) and not isinstance(ident, bool) and 0 <= ident <= MAX_ID:
        return ident
    return None


#: the largest id (client-message.schema.json's)
MAX_ID = 4294967295


def _explain(error: jsonschema.ValidationError) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where or 'the message'}: {error.message}"


def _check(file: str, definition: str, value: Any) -> None:
    error = jsonschema.exceptions.best_match(_validator(file, definition).iter_errors(value))
    if error is not None:
        raise BadMessage("bad_message", f"{definition}: {_explain(error)}")


# ---- the client's messages, checked by the schema compiled to Python ------------------------
#
# jsonschema's validator took 56 us a message, most of a message's reading: the schema is
# compiled instead into one Python function a type (a few us), for the part of JSON Schema that
# the client's messages use; a keyword it does not know stops the server at its start rather
# than go unchecked. A refused message is explained by jsonschema, as before (refusals are
# rare), and tests/python/test_server_protocol.py keeps the two verdicts the same.

#: a check: None for a valid value, else why not
Check = Callable[[Any], Optional[str]]


def _is_integer(value: Any) -> bool:
    # JSON Schema's integer is a number without a fraction: 3.0 is one, true is not
    return not isinstance(value, bool) and (isinstance(value, int) or (isinstance(value, float) and value.is_integer()))


_TYPES: Dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": _is_integer,
    "number": lambda v: not isinstance(v, bool) and isinstance(v, (int, float)),
}


def _json_equal(a: Any, b: Any) -> bool:
    """JSON's equality: true is not 1, 1 is 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


#: what a schema may say beside its checks
_ANNOTATIONS = {"description", "title", "$schema", "$id", "$defs", "examples"}


def compile_schema(schema: Dict[str, Any], defs: Dict[str, Any], where: str = "") -> Check:
    """``schema`` (with ``defs`` for its ``$ref``s) as one function; ValueError for a keyword
    outside the part of JSON Schema compiled here."""
    checks: List[Check] = []
    unknown = (
        set(schema)
        - _ANNOTATIONS
        - {
            "$ref",
            "type",
            "const",
            "enum",
            "minimum",
            "maximum",
            "minLength",
            "maxLength",
            "pattern",
            "minItems",
            "maxItems",
            "items",
            "required",
            "properties",
            "additionalProperties",
        }
    )
    if unknown:
        raise ValueError(f"{where or 'the schema'}: {', '.join(sorted(unknown))} is not compiled (protocol.py)")
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"{where}: only #/$defs/ references are compiled, not {ref}")
        checks.append(compile_schema(defs[ref[len("#/$defs/") :]], defs, ref))
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        tests = [_TYPES[n] for n in names]
        wrong = lambda v: f"{v!r} is not of type {', '.join(names)}"  # noqa: E731
        if len(tests) == 1:  # a message's every field: one test, no loop
            test = tests[0]
            checks.append(lambda v: None if test(v) else wrong(v))
        else:
            checks.append(lambda v: None if any(t(v) for t in tests) else wrong(v))
    if "const" in schema:
        const = schema["const"]
        checks.append(lambda v: None if _json_equal(v, const) else f"{const!r} was expected")
    if "enum" in schema:
        enum = schema["enum"]
        checks.append(lambda v: None if any(_json_equal(v, e) for e in enum) else f"{v!r} is not one of {enum!r}")
    number = lambda v: not isinstance(v, bool) and isinstance(v, (int, float))  # noqa: E731
    if "minimum" in schema:
        low = schema["minimum"]
        checks.append(lambda v: f"{v!r} is less than {low}" if number(v) and v < low else None)
    if "maximum" in schema:
        high = schema["maximum"]
        checks.append(lambda v: f"{v!r} is greater than {high}" if number(v) and v > high else None)
    if "minLength" in schema:
        shortest = schema["minLength"]
        checks.append(lambda v: f"{v!r} is too short" if isinstance(v, str) and len(v) < shortest else None)
    if "maxLength" in schema:
        longest = schema["maxLength"]
        checks.append(lambda v: "the text is too long" if isinstance(v, str) and len(v) > longest else None)
    if "pattern" in schema:
        pattern = re.compile(schema["pattern"])  # searched, as JSON Schema says
        checks.append(
            lambda v: f"{v!r} does not match {pattern.pattern!r}"
            if isinstance(v, str) and not pattern.search(v)
            else None
        )
    if "minItems" in schema:
        fewest = schema["minItems"]
        checks.append(lambda v: "too few items" if isinstance(v, list) and len(v) < fewest else None)
    if "maxItems" in schema:
        most = schema["maxItems"]
        checks.append(lambda v: "too many items" if isinstance(v, list) and len(v) > most else None)
    if "items" in schema:
        item = compile_schema(schema["items"], defs, f"{where}/items")

        def items(v: Any) -> Optional[str]:
            if isinstance(v, list):
                for i, x in enumerate(v):
                    reason = item(x)
                    if reason:
                        return f"{i}: {reason}"
            return None

        checks.append(items)
    if "required" in schema:
        required = list(schema["required"])
        checks.append(
            lambda v: next((f"{k!r} is a required property" for k in required if k not in v), None)
            if isinstance(v, dict)
            else None
        )
    properties = {k: compile_schema(sub, defs, f"{where}/{k}") for k, sub in schema.get("properties", {}).items()}
    additional = schema.get("additionalProperties", True)
    if additional is not True and additional is not False:
        raise ValueError(f"{where}: additionalProperties is compiled as true or false only")
    if properties or additional is False:

        def fields(v: Any) -> Optional[str]:
            if not isinstance(v, dict):
                return None
            for key, value in v.items():
                check = properties.get(key)
                if check is None:
                    if additional is False:
                        return f"{key!r} was unexpected"
                    continue
                reason = check(value)
                if reason:
                    return f"{key}: {reason}"
            return None

        checks.append(fields)
    if len(checks) == 1:
        return checks[0]

    def every(v: Any) -> Optional[str]:
        for check in checks:
            reason = check(v)
            if reason:
                return reason
        return None

    return every


_client_checks: Optional[Dict[str, Check]] = None


def client_checks() -> Dict[str, Check]:
    """Each client message type's compiled schema."""
    global _client_checks
    if _client_checks is None:
        document = load_schema("client-message.schema.json")
        _client_checks = {
            kind: compile_schema(document["$defs"][kind], document["$defs"], kind) for kind in load_client_types()
        }
    return _client_checks


def _integers(message: Dict[str, Any]) -> None:
    """The numbers of a valid message as ints: JSON Schema's integers include 3.0."""
    for key, value in message.items():
        if isinstance(value, float):
            message[key] = int(value)
        elif isinstance(value, list):
            message[key] = [int(x) if isinstance(x, float) else x for x in value]


def parse_client_message(text: str) -> Dict[str, Any]:
    """A client's WebSocket text, checked against its type's schema."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise BadMessage("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    message = _parse(text)
    if not isinstance(message, dict):
        raise BadMessage("bad_message", 'a message is a JSON object with a "type"')
    kind = message.get("type")
    check = client_checks().get(kind) if isinstance(kind, str) else None
    reason = check(message) if check is not None else "no type"
    if reason is None:
        _integers(message)
        return message
    ident = message_id(message)
    try:
        if check is None:
            raise BadMessage("bad_message", f"\"type\" is one of {', '.join(load_client_types())}")
        _check("client-message.schema.json", kind, message)  # jsonschema's words for it
        raise BadMessage("bad_message", f"{kind}: {reason}")
    except BadMessage as e:
        e.ident = ident
        raise


_client_types: Optional[list] = None


def load_client_types() -> list:
    global _client_types
    if _client_types is None:
        _client_types = list(load_schema("client-message.schema.json")["properties"]["type"]["enum"])
    return _client_types


def check_body(definition: str, raw: bytes) -> Dict[str, Any]:
    """An HTTP request's JSON body, checked against ``http.schema.json``'s ``definition``."""
    if len(raw) > MAX_BODY_BYTES:
        raise BadMessage("too_large", f"a request's body is at most {MAX_BODY_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except ValueError as e:
        raise BadMessage("bad_json", f"not UTF-8 text: {e}") from None
    body = _parse(text or "null")
    _check("http.schema.json", definition, body)
    return body


def _error(status: int, code: str, message: str) -> web.Response:
    """A refused HTTP request's answer: its status and ``http.schema.json``'s ``error``."""
    return web.json_response({"error": code, "message": message}, status=status)
