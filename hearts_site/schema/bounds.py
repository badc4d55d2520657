"""The bounds the server holds its input to, stated in the OpenAPI schema where drf-spectacular
leaves them out (issue 51, finding 6), so that a request the schema calls valid is never
refused for its shape (tests/contract/test_schema_bounds.py runs schemathesis's positive data
against it):

- a date is one from 1900-01-01 to 2999-12-31 (hearts_site/text/numbers.py): a ``pattern`` on its
  year, beside ``format: date``;
- a text field that may not be blank is not blank once its spaces are trimmed (DRF trims
  them): a ``pattern`` asking for one character that is not a space;
- a name a person gives (hearts_site/text/names.py) holds only characters people see: its pattern
  (the validator's) and ``format: name``;
- a webhook's URL is an http or https one Django's URL validator takes.

Query parameters' bounds are stated where they are read: the paginator's (``limit`` 0 to 500),
the ordering's (the fields a list sorts by), the id filters' (1 and up).
"""

from __future__ import annotations

from typing import Any

from hearts_site.text.names import NAME_PATTERN, SPACES

# The years 1900 to 2999, then a month and a day (format: date says the rest).
DATE_PATTERN = r"^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$"
NOT_BLANK = f"[^{SPACES}]"  # one character that is not a space, as DRF trims them
# A host name with a top-level domain, or an IPv4 address, then a port and a path: narrower
# than what Django's URLValidator takes, never wider.
URL_PATTERN = (
    r"^https?://([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(:[1-9][0-9]{0,4})?"
    r"(/[A-Za-z0-9._~%/-]*)?$"
)


def state_bounds(result: dict[str, Any]) -> None:
    """Add the bounds above to every schema of ``result`` (components and parameters)."""
    for name, schema in result.get("components", {}).get("schemas", {}).items():
        _walk(schema, request=name.endswith("Request"))
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                _walk(parameter.get("schema", {}), request=True)


def _walk(node: Any, *, request: bool) -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, request=request)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "string":
        _string(node, request=request)
    for value in node.values():
        if isinstance(value, dict | list):
            _walk(value, request=request)


def _string(node: dict[str, Any], *, request: bool) -> None:
    if node.get("format") == "date":
        node.setdefault("pattern", DATE_PATTERN)
    elif node.get("pattern") == NAME_PATTERN:
        node["format"] = "name"
    elif request and node.get("format") == "uri":
        node["pattern"] = URL_PATTERN
    elif (
        request and node.get("minLength", 0) >= 1 and not {"pattern", "enum", "format"} & set(node)
    ):
        node["pattern"] = NOT_BLANK
