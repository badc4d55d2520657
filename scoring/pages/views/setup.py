"""Setting a club up on the pages, with the services the API's creates call: a club (its maker
its owner), a league (directors) and players, several at once (scorers). Each form refuses
in words next to the field, and a refused form stores nothing."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import escape, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hearts_site.text.names import isolate, isolated_in
from scoring import selectors, services
from scoring.models import League
from scoring.pages import access
from scoring.pages.forms.setup import ClubForm, LeagueForm, PlayersForm
from scoring.pages.params import posted
from scoring.pages.throttling import signed_in_form


def _shown_again(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    """The form's page: 400 when a sent form was refused (its words next to the fields)."""
    return render(request, template, context, status=400 if context["form"].is_bound else 200)


def _club_and_form(request: HttpRequest, slug: str, roles, refusal: str, form_class: type):
    """The club, for a user in one of ``roles`` (else a 403 page saying ``refusal``), and the
    form that writes to it, bound to what was posted (unbound on a GET)."""
    club = access.club_in_role(request.user, slug, roles, refusal)
    return club, form_class(posted(request))


@signed_in_form
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(posted(request))
    club = form.written(lambda: services.create_club(user=request.user, **form.club()))
    if club is not None:
        messages.success(
            request,
            isolated_in(
                _("{club} is made, and you are its owner. Next: a league and its players."),
                club=club.name,
            ),
        )
        return redirect("page-club", slug=club.slug)
    return _shown_again(request, "pages/club_new.html", {"form": form})


@signed_in_form
def league_new(request: HttpRequest, slug: str) -> HttpResponse:
    refusal = _("Only the club's directors and owners make leagues.")
    club, form = _club_and_form(request, slug, selectors.DIRECTORS, refusal, LeagueForm)
    league = form.written(lambda: services.create_league(club=club, **form.league()))
    if league is not None:
        messages.success(
            request,
            isolated_in(_("{league} is made: its games play by its rules."), league=league.name),
        )
        return redirect("page-league", pk=league.pk)
    return _shown_again(request, "pages/league_new.html", {"club": club, "form": form})


@signed_in_form
def league_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """A league's name, table and confirmations; its rules while no game was started under
    them (after, the page offers a new league from them)."""
    league = access.readable(request.user, League.objects.select_related("club"), "league", pk=pk)
    refusal = _("Only the club's directors and owners change leagues.")
    club = access.club_in_role(request.user, league.club.slug, selectors.DIRECTORS, refusal)
    form = LeagueForm(posted(request), league=league)
    changed = form.written(lambda: services.update_league(league=league, **form.league()))
    if changed is not None:
        messages.success(request, isolated_in(_("{league} is changed."), league=changed.name))
        return redirect("page-league", pk=league.pk)
    context = {"club": club, "form": form, "league": league, "has_games": league.games.exists()}
    return _shown_again(request, "pages/league_new.html", context)


@signed_in_form
def players_new(request: HttpRequest, slug: str) -> HttpResponse:
    refusal = _("Only the club's scorers, directors and owners add players.")
    club, form = _club_and_form(request, slug, selectors.SCORERS, refusal, PlayersForm)
    added = form.written(lambda: services.add_players(club=club, names=form.cleaned_data["names"]))
    if added is not None:
        said = ngettext(
            "%(count)d player added: %(names)s.", "%(count)d players added: %(names)s.", len(added)
        )
        names = format_html_join(", ", "{}", ((isolate(player.name),) for player in added))
        # The sentence escaped, then the names in it, isolated (it is a %-format msgid).
        messages.success(request, mark_safe(escape(said) % {"count": len(added), "names": names}))
        for player in added:
            if alike := selectors.look_alikes(player):
                messages.warning(
                    request,
                    isolated_in(
                        _("{name} looks like {others}: make sure it is not the same person."),
                        name=player.name,
                        others=format_html_join(", ", "{}", ((isolate(n),) for n in alike)),
                    ),
                )
        return redirect(reverse("page-club", args=[club.slug]) + "#players")
    context = {"club": club, "form": form, "players": selectors.club_players(club)}
    return _shown_again(request, "pages/players_new.html", context)
