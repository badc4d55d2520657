"""The schema states every bound the server enforces (issue 51, finding 6): schemathesis's
positive data (requests the schema calls valid) is never refused for its shape. A 400 may
still come, for a rule of Hearts or of the club the schema cannot say (points that do not
add up, a player of another club); a 400 whose codes are the input serializers' and filters'
own (a number past its bound, a choice not listed, a field the operation does not take, an
ordering it does not sort by, a name with a character no one sees) is a bound the schema left
out, and fails here. Derandomized, a fixed number of examples per operation: reproducible,
and run in CI with the rest of tests/contract."""

from __future__ import annotations

import re

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

from hearts_site.text.names import NAME_PATTERN
from hearts_site.wsgi import application
from tests.contract.test_schemathesis import (  # noqa: F401 (fixtures)
    _keep_the_test_connection,
    aim_at_seeded_objects,
    seeded,
)

# ``format: name`` (hearts_site/schema/bounds.py): text of characters people see, as the
# format's pattern says; schemathesis knows no such format, so it is told how to make one.
NAMES = st.text(
    st.characters(max_codepoint=0xFFFF, exclude_categories=("Cc", "Cf", "Zl", "Zp", "Cs")),
    min_size=1,
    max_size=100,
).filter(lambda name: re.search(NAME_PATTERN, name))
schemathesis.openapi.format("name", NAMES)
positive = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
positive.config.generation.update(modes=[GenerationMode.POSITIVE])

EXAMPLES_PER_OPERATION = 12
# The codes of a refusal the schema could have stated: DRF's fields' own (drf-standardized-
# errors keeps them), the filters' and the query rule's (hearts_site/api/query.py), the numbers'
# (hearts_site/text/numbers.py) and the names' (hearts_site/text/names.py).
SHAPE_CODES = frozenset(
    {
        "blank",
        "date_out_of_range",
        "empty",
        "invalid",
        "invalid_choice",
        "invalid_name_character",
        "invalid_ordering",
        "max_length",
        "max_string_length",
        "max_value",
        "min_length",
        "min_value",
        "not_a_list",
        "null",
        "parse_error",
        "required",
        "unknown_field",
    }
)


def shape_refusals(response) -> list[tuple[str, str | None]]:
    """The (code, field) pairs of a 400 that its schema could have said; [] for any other
    answer."""
    if response.status_code != 400:
        return []
    errors = response.json().get("errors", [])
    return [(e["code"], e.get("attr")) for e in errors if e["code"] in SHAPE_CODES]


@positive.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_the_schema_calls_valid_is_refused_for_its_shape(case, seeded):  # noqa: F811
    aim_at_seeded_objects(case, seeded["ids"])
    response = case.call(headers={"Authorization": f"Token {seeded['key']}"})
    refused = shape_refusals(response)
    assert not refused, (case.operation.label, case.query, case.body, refused)
