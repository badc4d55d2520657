"""What a client generated from /api/schema/ (openapi-python-client) can rely on: every response
property typed and, when always sent, required; no request default it would send unasked; each
operation summarised and described for its users; only the error answers it can give, each
with the one error body; one enum and one component per concept."""

from __future__ import annotations

import json
from functools import cache

import pytest
from django.test import Client
from openapi_spec_validator import validate

from hearts_site.schema.bounds import DATE_PATTERN
from scoring.models.counts import TOTALLED

SCHEMAS = "#/components/schemas/"
RESPONSES = "#/components/responses/"

# Response properties not yet typed, in serializers another branch owns (api-server):
# scoring/api/serializers/disputes.py keeps a dispute's record and ruling as bare JSON. Empty this
# when that branch types them (the ruling as adjudication.serializers.RulingField).
UNTYPED_ELSEWHERE: set[tuple[str, str]] = set()
# Response properties an answer may leave out, each on purpose: an entry has only the keys of
# its level, and a dispute's record the keys its filer sent; a history state the keys of its
# action; a player without games only player, name
# and games; a ranking declaration only the keys declared; ruleset overrides only those set.
MAY_BE_ABSENT = {
    "HandEntry": "*",
    "SentIrregularity": "*",  # the fields its kind takes, as they were sent
    "ClaimInput": {"accepted", "line", "shown"},  # a stored hand's claim, as it was sent
    "Ruled": {"claim"},  # present once a director accepted a claim ruling
    "DisputeRecordOutput": "*",
    "HistoryState": "*",
    "RankingDeclaration": "*",
    "RulesetOverrides": "*",
    "PaginatedList": {"next", "previous"},
    "AdjudicationOutput": {"claim"},  # a ruling a hand kept before claims were judged has none
    "StandingsOutput": {"league", "club", "awaiting_confirmation"},  # a league's table (with its
    # hands awaiting confirmation), or a club's
    "PlayerRecord": {  # all but player, name and games: a player with no finished game
        "wins",
        "win_rate",
        "average_place",
        "points_per_game",
        "points_per_hand",
        "total_points",
        *(count.total for count in TOTALLED),
        "rating",
        "rating_change",
    },
}
INTERNAL_WORDING = (
    "Resolves the club",
    "An input serializer",
    "A ``POST``",
    "``",
    "serializer",
    "get_club",
)


@cache
def served_schema() -> dict:
    response = Client().get("/api/schema/?format=json")
    assert response.status_code == 200
    return json.loads(response.content)


@pytest.fixture
def schema() -> dict:
    return served_schema()


def operations(schema: dict):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def resolve(schema: dict, node: dict) -> dict:
    """The schema ``node`` stands for: references followed, a lone ``allOf`` unwrapped."""
    while "$ref" in node or len(node.get("allOf", [])) == 1:
        if "allOf" in node:
            node = node["allOf"][0]
            continue
        section, name = node["$ref"].removeprefix("#/components/").split("/")
        node = schema["components"][section][name]
    return node


def refs_in(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        for value in node.values():
            found |= refs_in(value)
        return found
    if isinstance(node, list):
        return set().union(set(), *(refs_in(v) for v in node))
    return set()


def reachable(schema: dict, start) -> set[str]:
    """The names of the component schemas ``start`` refers to, directly or through others."""
    names: set[str] = set()
    todo = [r for r in refs_in(start) if r.startswith(SCHEMAS)]
    while todo:
        name = todo.pop().removeprefix(SCHEMAS)
        if name not in names:
            names.add(name)
            more = refs_in(schema["components"]["schemas"][name])
            todo += [r for r in more if r.startswith(SCHEMAS)]
    return names


def response_components(schema: dict) -> set[str]:
    contents = [
        response.get("content", {})
        for _, _, operation in operations(schema)
        for response in operation["responses"].values()
        if "$ref" not in response
    ]
    return reachable(schema, contents)


def request_components(schema: dict) -> set[str]:
    bodies = [op["requestBody"] for _, _, op in operations(schema) if "requestBody" in op]
    return reachable(schema, bodies)


def typed(node: dict) -> bool:
    if any(key in node for key in ("$ref", "allOf", "oneOf", "anyOf", "enum")):
        return True
    if node.get("type") == "object" and not node.get("properties"):
        # free-form: only when it says so, and says what it holds
        return node.get("additionalProperties") is True and bool(node.get("description"))
    return "type" in node


def untyped_properties(name: str, node: dict, where: str = "") -> list[str]:
    """Every property (and array item) under ``node`` that says nothing of its type."""
    found = []
    for key, prop in node.get("properties", {}).items():
        at = f"{where}{key}"
        if (name, at) in UNTYPED_ELSEWHERE:
            continue
        if not typed(prop):
            found.append(f"{name}.{at}")
        found += untyped_properties(name, prop, f"{at}.")
    if "items" in node:
        if not typed(node["items"]):
            found.append(f"{name}.{where}[]")
        found += untyped_properties(name, node["items"], f"{where}[].")
    for variant in node.get("oneOf", []) + node.get("allOf", []) + node.get("anyOf", []):
        found += untyped_properties(name, variant, where)
    return found


def defaults_in(name: str, node, where: str = "") -> list[str]:
    found = []
    if isinstance(node, dict):
        if "default" in node:
            found.append(f"{name}.{where}")
        for key, value in node.items():
            found += defaults_in(name, value, f"{where}{key}." if key != "properties" else where)
    elif isinstance(node, list):
        for value in node:
            found += defaults_in(name, value, where)
    return found


# --- The document -------------------------------------------------------------------------------


def test_the_served_schema_is_valid_openapi(schema):
    validate(schema)


def test_the_schema_stays_small(schema):
    """494 copies of the error answers once made it 510 KB (indented); they are shared now.
    (Raised from 150 000 for issue 22's fourteen operations: confirmations, claims, me, room;
    from 175 000 for issue 33's sign-up and an invitation's revocation, and issue 31's wall
    and games' tables; from 188 000 for issue 33's eleven webhook operations and the headers
    the answers document: a 401 on every operation that reads a token, RateLimit on each
    throttled answer, X-Request-ID on each error; from 228 000 for issue 37's nine
    tournament-night operations and seven night.* and round.* event types, about 32 000; to
    268 000 for issue 34's refusals (too_many_clubs, export_being_built) and the export's
    Last-Modified and 304; to 290 000 for issue 50's irregularities: their input, each one's
    ruling, seven ruleset options and a worked example, about 11 000; to 304 000 for issue
    49's night results: their state, the hands that wait, the standings kept and changed, the
    settle operation and two event types, about 14 000; to 318 000 for issue 50's claims: the
    claim and its ruling, about 8 000, and a worked claim with its counter-line, about 4 700; to
    328 000 for issue 50's rulings on stored hands: irregularities on a hand's entry and
    dispute, its rulings' list and decision, three ruling.* event types, about 8 500 (330 335
    with all of issue 50); to 346 000 for issue 51's bounds: the patterns of names, dates, text
    not blank and orderings, about 12 000 (342 274 with issues 49 to 51 together); to 350 000
    for issue 50's claims on stored hands and issue 49's recorded_at, about 6 000 (348 142); to
    372 000 for issue 52's nights that bend: four operations (several check-ins at once, a
    swap, a table's time, a table ended), a withdrawal now, the round.changed event type, about
    20 000 (368 566); to 380 000 for issue 53's exports for BG Stats and BoardGameGeek: two
    operations and the ten models of their files, about 6 300 (376 926); to 390 000 for issue
    52's substitutes: the substitute operation, the night's substitute_scores and its
    substitutions, a round.changed kind, about 7 900 (384 830); to 400 000 for issue 55's
    erasure: forget me, a player's name erased, a club's erasures listed, the player.erased
    event type and player_erased refusals, about 10 600 (395 423); to 410 000 for issue 53's hand
    record: the downloads of a game, a night, a league and a club, the JSON twin's schema and
    the import with its preview, about 9 500 (404 895); to 420 000 for issue 53's score sheet
    import and the imports' files as multipart (in the descriptions), about 5 400 (410 318); to
    435 000 for issue 52's seat fixes (a player moved and a table's seats drawn again, two
    operations each answering the whole night), issue 55's choice of who may see a name and
    issue 53's download of one hand, about 19 500 together (429 823).)"""
    assert len(json.dumps(schema, separators=(",", ":"))) < 435_000


# --- Responses ----------------------------------------------------------------------------------


def test_every_response_property_is_typed(schema):
    components = schema["components"]["schemas"]
    untyped = [
        found
        for name in sorted(response_components(schema))
        for found in untyped_properties(name, components[name])
    ]
    assert untyped == []


def test_a_response_property_is_required_unless_it_may_be_absent_on_purpose(schema):
    components = schema["components"]["schemas"]
    optional = {}
    for name in response_components(schema):
        component = components[name]
        left_out = set(component.get("properties", {})) - set(component.get("required", []))
        allowed = MAY_BE_ABSENT.get("PaginatedList" if name.startswith("Paginated") else name)
        if left_out and allowed != "*":
            left_out -= allowed or set()
            if left_out:
                optional[name] = sorted(left_out)
    assert optional == {}


def test_model_fields_with_defaults_are_required_in_answers(schema):
    components = schema["components"]["schemas"]
    assert {"status", "totals", "winners", "first_dealer", "version", "hands_played"} <= set(
        components["GameOutput"]["required"]
    )
    assert "is_public" in components["ClubOutput"]["required"]
    assert "ranking" in components["LeagueOutput"]["required"]


def test_stored_json_is_typed_by_named_components(schema):
    components = schema["components"]["schemas"]
    hand = components["HandOutput"]["properties"]
    assert refs_in(hand["entry"]) == {f"{SCHEMAS}HandEntry"}
    assert refs_in(hand["adjudication"]) == {f"{SCHEMAS}AdjudicationOutput"}
    for name in ("points", "scores", "gems"):
        assert hand[name]["items"] == {"type": "integer"}
    game = components["GameOutput"]["properties"]
    for name in ("totals", "winners", "gems"):
        assert game[name]["items"] == {"type": "integer"}
    standings = components["StandingsOutput"]["properties"]
    assert refs_in(standings["ranking"]) == {f"{SCHEMAS}Ranking"}
    assert refs_in(standings["period"]) == {f"{SCHEMAS}Period"}
    assert set(components["Ranking"]["required"]) >= {"criterion", "tie_breaks", "min_games"}
    history = components["HistoryOutput"]["properties"]
    assert refs_in(history["before"]) == refs_in(history["after"]) == {f"{SCHEMAS}HistoryState"}
    assert refs_in(components["ScoreboardRow"]["properties"]["moon"]) == {f"{SCHEMAS}Moon"}


def test_the_ruleset_is_one_component_not_copies(schema):
    components = schema["components"]["schemas"]
    for name in ("GameOutput", "LeagueOutput", "AdjudicationOutput", "Preset"):
        assert refs_in(components[name]["properties"]["ruleset"]) == {f"{SCHEMAS}Ruleset"}
    for name in ("LeagueInputRequest", "GameInputRequest", "AdjudicationInputRequest"):
        assert refs_in(components[name]["properties"]["ruleset"]) == {f"{SCHEMAS}RulesetSpec"}
    holders = [
        name for name, c in components.items() if "renege_points" in json.dumps(c.get("properties"))
    ]
    assert sorted(holders) == ["Ruleset", "RulesetOverrides"]


def test_one_enum_per_concept(schema):
    components = schema["components"]["schemas"]

    def enum_of(component: str, prop: str) -> set[str]:
        return refs_in(components[component]["properties"][prop]) - {f"{SCHEMAS}NullEnum"}

    for component in ("GameOutput", "ScoreboardOutput", "HandResultOutput"):
        assert enum_of(component, "status") == {f"{SCHEMAS}GameStatusEnum"}
    for component in ("HandOutput", "ScoreboardRow"):
        assert enum_of(component, "level") == {f"{SCHEMAS}LevelEnum"}
        assert enum_of(component, "pass_direction") == {f"{SCHEMAS}DirectionEnum"}
    for component in ("ScoreboardOutput", "HandResultOutput"):
        assert enum_of(component, "next_pass") == {f"{SCHEMAS}DirectionEnum"}
    assert enum_of("HandOutput", "moon_choice") == {f"{SCHEMAS}MoonChoiceEnum"}
    assert enum_of("Moon", "choice") == {f"{SCHEMAS}MoonChoiceEnum"}
    assert enum_of("HandEntryInputRequest", "moon_choice") == {f"{SCHEMAS}MoonChoiceEnum"}
    values = [tuple(sorted(c["enum"])) for c in components.values() if "enum" in c]
    assert len(values) == len(set(values)), "two enums with the same values"
    games = schema["paths"]["/api/v1/games/"]["get"]["parameters"]
    status = next(p for p in games if p["name"] == "status")
    assert status["schema"] == {"$ref": f"{SCHEMAS}GameStatusEnum"}


def test_the_ranking_declaration_is_documented_for_a_request(schema):
    components = schema["components"]["schemas"]
    ranking = resolve(schema, components["LeagueInputRequest"]["properties"]["ranking"])
    assert set(ranking["properties"]) == {"criterion", "tie_breaks", "min_games"}
    assert ranking["additionalProperties"] is False
    criterion = resolve(schema, ranking["properties"]["criterion"])
    assert "average_place" in criterion["enum"]
    tie_break = resolve(schema, ranking["properties"]["tie_breaks"]["items"])
    assert {"head_to_head", "shared"} <= set(tie_break["enum"])


# --- Requests -----------------------------------------------------------------------------------


def test_no_request_property_has_a_default_a_client_would_send(schema):
    components = schema["components"]["schemas"]
    found = [
        default
        for name in sorted(request_components(schema))
        for default in defaults_in(name, components[name])
    ]
    parameters = [
        f"{op['operationId']}.{p['name']}"
        for _, _, op in operations(schema)
        for p in op.get("parameters", [])
        if "default" in p.get("schema", {})
    ]
    assert found + parameters == []


def test_an_input_refuses_unknown_fields_in_its_schema_too(schema):
    components = schema["components"]["schemas"]
    for name in request_components(schema):
        if name.endswith("Request"):
            assert components[name].get("additionalProperties") is False, name


def test_the_rules_that_only_show_as_400s_are_described(schema):
    enter = schema["paths"]["/api/v1/games/{game_id}/hands/{number}/"]["put"]["description"]
    for code in ("first_leader_required", "jack_of_diamonds_required", "moon_choice_required"):
        assert code in enter
    fields = schema["components"]["schemas"]["HandEntryInputRequest"]["properties"]
    assert "first_leader_required" in fields["first_leader"]["description"]
    assert "jack_of_diamonds_required" in fields["jack_of_diamonds"]["description"]
    assert "moon_choice_required" in fields["moon_choice"]["description"]
    adjudicate = schema["paths"]["/api/v1/adjudications/"]["post"]["description"]
    assert "first_leader_required" in adjudicate


# --- Operations ---------------------------------------------------------------------------------


def test_every_operation_has_a_summary_a_description_of_its_own_and_a_tag(schema):
    descriptions = {}
    for path, method, operation in operations(schema):
        where = f"{method.upper()} {path}"
        assert operation.get("summary"), where
        assert operation.get("description"), where
        assert len(operation.get("tags", [])) == 1, where
        for words in INTERNAL_WORDING:
            assert words not in operation["description"], where
        descriptions.setdefault(operation["description"], []).append(where)
    shared = {text: where for text, where in descriptions.items() if len(where) > 1}
    # The JSON and CSV tables differ by their representation only.
    assert all(all("standings" in w for w in where) for where in shared.values()), shared


def test_no_component_is_described_by_a_code_docstring(schema):
    for name, component in schema["components"]["schemas"].items():
        for words in INTERNAL_WORDING[:3]:
            assert words not in component.get("description", ""), name


def test_every_error_answer_is_the_error_body(schema):
    for path, method, operation in operations(schema):
        for status, response in operation["responses"].items():
            if status[0] in "45":
                body = resolve(schema, response)["content"]["application/json"]["schema"]
                assert body == {"$ref": f"{SCHEMAS}ErrorBody"}, (method, path, status)


def names_of(operation: dict, where: str) -> set[str]:
    return {p["name"] for p in operation.get("parameters", []) if p["in"] == where}


def test_only_the_errors_an_operation_can_give(schema):
    for path, method, operation in operations(schema):
        statuses = set(operation["responses"])
        where = f"{method.upper()} {path}"
        headers = names_of(operation, "header")
        assert ("412" in statuses) == ("If-Match" in headers), where
        assert ("422" in statuses) == ("Idempotency-Key" in headers), where
        assert ("404" in statuses) == bool(names_of(operation, "path")), where
        assert ("413" in statuses) == ("415" in statuses) == ("requestBody" in operation), where
        assert ("304" in statuses) == ("If-None-Match" in headers), where
        assert not statuses & {"405", "406", "500"}, where
        if method == "get":  # reads are never throttled, but exports (a person's own data too)
            exports = ("/hands.csv", "/me/data/", "/hand-record/")
            assert ("429" in statuses) == path.endswith(exports), where
        # A token is read everywhere but sign-in and sign-up: a bad one is a 401, even where
        # anyone may read.
        reads_token = any(auth for auth in operation.get("security", []))
        assert ("401" in statuses) == reads_token, where


def test_every_operation_that_reads_a_token_lists_its_401(schema):
    without = [
        f"{method.upper()} {path}"
        for path, method, operation in operations(schema)
        if "401" not in operation["responses"]
    ]
    assert without == ["POST /api/v1/auth/sign-in/", "POST /api/v1/auth/sign-up/"]


def conflict_codes(schema: dict, path: str, method: str) -> str:
    return schema["paths"][path][method]["responses"]["409"]["description"]


def test_each_write_lists_its_own_conflicts(schema):
    hand = "/api/v1/games/{game_id}/hands/{number}/"
    enter = conflict_codes(schema, hand, "put")
    for code in ("hand_exists", "hand_out_of_order", "game_over", "game_busy"):
        assert code in enter
    assert "game_abandoned" not in enter
    correct = conflict_codes(schema, hand, "patch")
    for code in ("game_abandoned", "hand_void", "game_would_end_earlier"):
        assert code in correct
    assert "hand_exists" not in correct
    void = conflict_codes(schema, "/api/v1/games/{game_id}/hands/{number}/void/", "post")
    assert "game_abandoned" in void
    resolve_ = conflict_codes(
        schema, "/api/v1/games/{game_id}/hands/{number}/disputes/{dispute_id}/resolve/", "post"
    )
    assert "dispute_closed" in resolve_ and "ruling_proves_nothing" in resolve_
    merge = conflict_codes(schema, "/api/v1/players/{id}/merge/", "post")
    assert "players_share_a_game" in merge
    assert "game_over" in conflict_codes(schema, "/api/v1/games/{game_id}/abandon/", "post")
    assert "league_has_games" in conflict_codes(schema, "/api/v1/leagues/{id}/", "patch")
    create = schema["paths"]["/api/v1/games/"]["post"]["responses"]
    assert "hand_exists" not in create["409"]["description"]
    assert "idempotency_key_in_use" in create["409"]["description"]
    assert "412" not in create
    assert "422" not in schema["paths"][hand]["put"]["responses"]


def test_public_reads_need_no_sign_in_and_writes_do(schema):
    games = schema["paths"]["/api/v1/games/"]
    assert {} in games["get"]["security"]
    assert "401" in games["get"]["responses"]  # a bad token, even on a public read
    assert {} not in games["post"]["security"]
    assert "401" in games["post"]["responses"]
    assert "403" in games["post"]["responses"]  # a scorer's role
    tokens = schema["paths"]["/api/v1/auth/tokens/"]["get"]
    assert "401" in tokens["responses"] and "403" not in tokens["responses"]


def test_path_ids_are_integers_and_dates_are_dates(schema):
    for path, _, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["name"] != "preset":
                assert parameter["schema"]["type"] == "integer", (path, parameter["name"])
    for path in ("/api/v1/leagues/{id}/standings/", "/api/v1/leagues/{id}/standings.csv"):
        parameters = {p["name"]: p["schema"] for p in schema["paths"][path]["get"]["parameters"]}
        for name in ("from", "to", "as_of"):
            assert parameters[name] == {
                "type": "string",
                "format": "date",
                "pattern": DATE_PATTERN,  # the years 1900 to 2999 (hearts_site/text/numbers.py)
            }
        assert parameters["season"]["type"] == "integer"


def test_csv_tables_are_their_own_operations(schema):
    for kind in ("leagues", "clubs"):
        table = schema["paths"][f"/api/v1/{kind}/{{id}}/standings/"]["get"]
        assert list(table["responses"]["200"]["content"]) == ["application/json"]
        assert "format" not in names_of(table, "query")
        csv = schema["paths"][f"/api/v1/{kind}/{{id}}/standings.csv"]["get"]
        assert csv["operationId"] == f"{kind}_standings_csv"
        assert list(csv["responses"]["200"]["content"]) == ["text/csv"]


# --- Bodies and headers -------------------------------------------------------------------------


def test_no_request_body_is_optional(schema):
    optional = [
        f"{method.upper()} {path}"
        for path, method, operation in operations(schema)
        if "requestBody" in operation and operation["requestBody"].get("required") is not True
    ]
    assert optional == []


def test_a_patch_body_requires_what_its_view_requires(schema):
    components = schema["components"]["schemas"]
    assert components["PatchedHandCorrectionInputRequest"]["required"] == ["reason"]
    assert components["PatchedMembershipRoleInputRequest"]["required"] == ["role"]
    assert "required" not in components["PatchedLeagueUpdateInputRequest"]


def headers_of(schema: dict, response: dict) -> set[str]:
    return set(resolve(schema, response).get("headers", {}))


def test_every_error_answer_names_its_request(schema):
    assert "request_id" in schema["components"]["schemas"]["ErrorBody"]["required"]
    for path, method, operation in operations(schema):
        for status, response in operation["responses"].items():
            if status[0] in "45":
                assert "X-Request-ID" in headers_of(schema, response), (method, path, status)


def test_every_429_and_503_says_when_to_retry(schema):
    for path, method, operation in operations(schema):
        for status in {"429", "503"} & set(operation["responses"]):
            headers = headers_of(schema, operation["responses"][status])
            assert "Retry-After" in headers, (method, path, status)
    for door in ("sign-in", "sign-up"):
        refused = schema["paths"][f"/api/v1/auth/{door}/"]["post"]["responses"]["429"]
        assert {"Retry-After", "RateLimit", "RateLimit-Policy"} <= headers_of(schema, refused)
    for action in ("confirm", "query"):  # a PIN resting after too many wrong ones
        hand = schema["paths"][f"/api/v1/games/{{game_id}}/hands/{{number}}/{action}/"]["post"]
        assert "Retry-After" in headers_of(schema, hand["responses"]["403"])


def test_each_throttled_answer_documents_its_budget(schema):
    for path, method, operation in operations(schema):
        responses = operation["responses"]
        if "429" not in responses:
            continue
        for status in ("200", "201", "202", "204", "429"):
            if status in responses:
                headers = headers_of(schema, responses[status])
                assert {"RateLimit", "RateLimit-Policy"} <= headers, (method, path, status)
    policy = schema["components"]["headers"]["RateLimit-Policy"]["description"]
    assert "draft-ietf-httpapi-ratelimit-headers-10" in policy


def test_a_create_says_when_it_was_replayed_and_a_new_game_its_etag(schema):
    for path, _, operation in operations(schema):
        if "Idempotency-Key" in names_of(operation, "header"):
            created = [r for status, r in operation["responses"].items() if status[0] == "2"]
            assert all("Idempotent-Replayed" in headers_of(schema, r) for r in created), path
    game = schema["paths"]["/api/v1/games/"]["post"]["responses"]["201"]
    assert "ETag" in headers_of(schema, game)


def test_the_standings_operations_name_every_count_a_row_carries(schema):
    """The words of each standings table follow the declared counts (a hand-kept list there
    once lacked two of them)."""
    from scoring.models.counts import TOTALLED

    row = schema["components"]["schemas"]["StandingsRow"]["properties"]
    for path in ("/api/v1/leagues/{id}/standings/", "/api/v1/clubs/{id}/standings/"):
        words = schema["paths"][path]["get"]["description"]
        for count in TOTALLED:
            assert count.total in row, count.total
            assert count.total.replace("_", " ") in words, (path, count.total)
