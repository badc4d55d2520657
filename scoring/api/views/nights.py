"""Tournament nights: a club's nights, one night, and its director's actions (check-ins,
withdrawals, draw, publish, start, end, close). Directors write; whoever may read the club
reads."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from hearts_site.api.serializers import StrictInputSerializer
from hearts_site.errors import NotFoundError
from scoring import services
from scoring.api.http import CreateView, changes, creates, lists, reads
from scoring.api.permissions import DIRECTORS_WRITE
from scoring.api.scopes import ClubScopedMixin
from scoring.api.serializers.nights import (
    CloseNightInputSerializer,
    DrawInputSerializer,
    EndRoundInputSerializer,
    ExtendTableInputSerializer,
    NightCheckInAnswerSerializer,
    NightDetailOutputSerializer,
    NightInputSerializer,
    NightOutputSerializer,
    NightPlayerInputSerializer,
    NightPlayersInputSerializer,
    SettleInputSerializer,
    StartInputSerializer,
    SwapInputSerializer,
    TableInputSerializer,
    WithdrawInputSerializer,
)
from scoring.api.serializers.seat_fixes import (
    MoveInputSerializer,
    RedrawTableInputSerializer,
    SubstituteInputSerializer,
)
from scoring.models import Night
from scoring.selectors.nights import (
    check_in_answer,
    club_nights,
    night_detail,
    night_of,
    seat_words,
)

NIGHT_CONFLICTS = {
    "night_closed": "the night is closed",
    "round_in_play": "a round is being played: this waits until it ends",
    "already_checked_in": "the player is checked in already",
    "checked_in_elsewhere": "the player is checked in at another open night",
    "not_checked_in": "the player is not checked in",
    "night_rounds_done": "every planned round was drawn",
    "no_round_to_publish": "no draw waits to be published",
    "no_round_to_start": "no published round waits to start",
    "no_round_to_end": "no round is being played",
    "tables_still_playing": "some tables have not finished: wait, or send now_for_all",
    "hands_unsettled": "hands wait (results.unsettled lists them): wait, or send a decision on "
    "each in settle",
    "hand_settled": "a decision names a hand that no longer waits: read the night again",
    "table_in_use": "a game not of this night is in progress at one of the tables' names",
    "night_full": "as many players are checked in as HEARTS_MAX_NIGHT_PLAYERS allows",
    "night_changed": "players were checked in or withdrawn during each try of the draw",
    "no_round_out": "no round is drawn or out: there is no table to change",
    "no_round_playing": "no round is on the clock",
    "round_not_timed": "the round ends after its hands: it has no time to extend",
    "table_finished": "the table has finished its round",
    "table_started": "a hand was recorded at the table: its seats stay with who played it",
    "not_seated": "the player sits at no table of the round",
    "already_seated": "the substitute sits at a table of the round already",
    "two_seats": "the substitute played another seat of the game already",
    "same_table": "the player sits at that table already",
    "table_size": "a table would seat a number the night's table sizes do not allow",
    "no_other_draw": "the table has no seating other than its own",
}


def detail_body(night: Night) -> dict:
    detail = night_detail(night)
    return NightDetailOutputSerializer({**detail, "seats": seat_words(detail["current"])}).data


class NightListView(ClubScopedMixin, CreateView, generics.ListAPIView):
    serializer_class = NightOutputSerializer
    permission_classes = DIRECTORS_WRITE
    queryset = Night.objects.none()  # for the schema; get_queryset scopes it

    def get_queryset(self):
        return club_nights(self.get_club())

    def perform(self, data: dict) -> Night:
        return services.open_night_for_league_id(
            club=self.get_club(), actor=self.request.user, **data
        )


NightListView = lists("clubs_nights_list")(
    creates("clubs_nights_create", NightInputSerializer, NightOutputSerializer)(NightListView)
)


class NightScopedView(ClubScopedMixin, APIView):
    permission_classes = DIRECTORS_WRITE

    def get_night(self) -> Night:
        night = night_of(self.get_club(), self.kwargs["night_id"])
        if night is None:
            raise NotFoundError("night_not_found", _("No such night."), None)
        return night

    def answer(self) -> Response:
        return Response(detail_body(self.get_night()))


class NightDetailView(NightScopedView):
    @reads("clubs_nights_retrieve", NightDetailOutputSerializer)
    def get(self, request: Request, pk: int, night_id: int) -> Response:
        return self.answer()


def _action(operation_id: str, input_serializer, act, output_serializer=None):
    """A director's action on a night: its body checked, the service called, the night shown
    (or, given ``output_serializer``, what the action changed: a check-in's row)."""
    shown = output_serializer or NightDetailOutputSerializer

    class Action(NightScopedView):
        @changes(operation_id, input_serializer, shown, NIGHT_CONFLICTS)
        def post(self, request: Request, body: dict[str, Any], pk: int, night_id: int) -> Response:
            night = self.get_night()  # a 404 before anything else
            act(club=self.get_club(), night_id=night_id, actor=request.user, **body)
            if output_serializer is not None:
                return Response(output_serializer(check_in_answer(night, body["player"])).data)
            return self.answer()

    Action.__name__ = Action.__qualname__ = (
        "".join(part.title() for part in operation_id.split("_")) + "View"
    )
    return Action


class NoInputSerializer(StrictInputSerializer):
    """No body (or an empty object)."""


def _player(service):
    def act(*, player: int, **rest):
        return service(player_id=player, **rest)

    return act


CheckInView = _action(
    "clubs_nights_check_in",
    NightPlayerInputSerializer,
    _player(services.check_in),
    NightCheckInAnswerSerializer,
)
CheckInManyView = _action(
    "clubs_nights_check_in_many", NightPlayersInputSerializer, services.check_in_many
)
WithdrawView = _action(
    "clubs_nights_withdraw",
    WithdrawInputSerializer,
    _player(services.withdraw),
    NightCheckInAnswerSerializer,
)
DrawView = _action("clubs_nights_draw", DrawInputSerializer, services.draw_round)
PublishView = _action("clubs_nights_publish", NoInputSerializer, services.publish_round)
StartView = _action("clubs_nights_start", StartInputSerializer, services.start_round)
EndView = _action("clubs_nights_end", EndRoundInputSerializer, services.end_round)
CloseView = _action("clubs_nights_close", CloseNightInputSerializer, services.close_night)
SettleView = _action("clubs_nights_settle", SettleInputSerializer, services.settle_hand)
SwapView = _action("clubs_nights_swap", SwapInputSerializer, services.swap_seats)
MoveView = _action("clubs_nights_move", MoveInputSerializer, services.move_player)
RedrawTableView = _action(
    "clubs_nights_redraw_table", RedrawTableInputSerializer, services.redraw_table
)
SubstituteView = _action("clubs_nights_substitute", SubstituteInputSerializer, services.substitute)
ExtendTableView = _action(
    "clubs_nights_extend_table", ExtendTableInputSerializer, services.extend_table
)
FinishTableView = _action("clubs_nights_finish_table", TableInputSerializer, services.finish_table)
