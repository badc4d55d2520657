"""Who may read a player's name, chosen on the player's page or /account/me/ (the player's own
account; a director for a player without an account)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from scoring import services
from scoring.models import Player
from scoring.pages import access
from scoring.pages.forms.name_visibility import NameVisibilityForm
from scoring.pages.refusals import first_error
from scoring.pages.throttling import signed_in_post


def visibility_form(user, player: Player) -> NameVisibilityForm | None:
    """The form for the player's page, when ``user`` may choose for the player."""
    if not services.may_choose_visibility(user, player):
        return None
    initial = {"name_visibility": player.name_visibility}
    return NameVisibilityForm(initial=initial, auto_id=f"visibility-{player.pk}-%s")


@signed_in_post
def player_name_visibility(request: HttpRequest, pk: int) -> HttpResponse:
    player = access.readable(request.user, Player, "player", pk=pk)
    if not services.may_choose_visibility(request.user, player):
        raise PermissionDenied(_("Only the player, or a director for a player without an account."))
    form = NameVisibilityForm(request.POST)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""
    back = back or f"/players/{pk}/"
    if not form.is_valid():
        messages.error(request, first_error(form, _("Choose who may see the name.")))
        return redirect(back + "#name-visibility")
    services.set_name_visibility(
        player=player, visibility=form.cleaned_data["name_visibility"], actor=request.user
    )
    messages.success(request, _("Saved: who may see the name."))
    return redirect(back + "#name-visibility")
