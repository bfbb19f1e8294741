"""The messages' schemas (``schemas/server``) and how a bad message is explained."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, Optional

import jsonschema

__all__ = ["schema_dir", "load_schema", "BadMessage", "parse_client_message", "check_body",
           "MAX_MESSAGE_BYTES", "MAX_BODY_BYTES"]

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
        return      # a message's usual case: no string to set aside could change the answer
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


def parse_client_message(text: str) -> Dict[str, Any]:
    """A client's WebSocket text, checked against its type's schema."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise BadMessage("too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    message = _parse(text)
    if not isinstance(message, dict):
        raise BadMessage("bad_message", "a message is a JSON object with a \"type\"")
    ident = message_id(message)
    kind = message.get("type")
    types = load_client_types()
    try:
        if not isinstance(kind, str) or kind not in types:
            raise BadMessage("bad_message", f"\"type\" is one of {', '.join(types)}")
        _check("client-message.schema.json", kind, message)
    except BadMessage as e:
        e.ident = ident
        raise
    return message


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
