"""The messages' schemas (``schemas/server``) and how a bad message is explained."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Optional

import jsonschema

__all__ = ["schema_dir", "load_schema", "BadMessage", "parse_client_message", "check_body",
           "MAX_MESSAGE_BYTES", "MAX_BODY_BYTES"]

#: a client's WebSocket message longer than this is refused (the longest valid one is far shorter)
MAX_MESSAGE_BYTES = 2048
#: an HTTP request's body
MAX_BODY_BYTES = 8192


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
    """A message that is not one the protocol has: ``code`` and a message saying what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


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
    try:
        message = json.loads(text)
    except ValueError as e:
        raise BadMessage("bad_json", f"not JSON: {e}") from None
    if not isinstance(message, dict):
        raise BadMessage("bad_message", "a message is a JSON object with a \"type\"")
    kind = message.get("type")
    types = load_client_types()
    if not isinstance(kind, str) or kind not in types:
        raise BadMessage("bad_message", f"\"type\" is one of {', '.join(types)}")
    _check("client-message.schema.json", kind, message)
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
        body = json.loads(raw.decode("utf-8") or "null")
    except ValueError as e:
        raise BadMessage("bad_json", f"not JSON: {e}") from None
    _check("http.schema.json", definition, body)
    return body
