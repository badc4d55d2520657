"""A director imports a paper score sheet or a spreadsheet (CSV) into the club: the file, its
columns mapped, the preview (everything checked and scored, nothing stored), then confirmed
(docs/hand-record.md, "From paper or a spreadsheet")."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import selectors
from scoring.models import League
from scoring.pages import access
from scoring.pages.forms.score_sheets import SheetImportForm
from scoring.pages.params import posted
from scoring.pages.throttling import signed_in_form
from scoring.services.score_sheets import import_sheet


@signed_in_form
def sheet_import(request: HttpRequest, slug: str) -> HttpResponse:
    refusal = _("Only the club's directors and owners import score sheets.")
    club = access.club_in_role(request.user, slug, selectors.DIRECTORS, refusal)
    leagues = [
        (str(pk), name) for pk, name in League.objects.filter(club=club).values_list("pk", "name")
    ]
    files = request.FILES if request.method == "POST" else None
    form = SheetImportForm(posted(request), files, leagues=leagues)
    outcome = form.written(
        lambda: import_sheet(
            club=club,
            text=form.sheet_text(),
            mapping=form.mapping(),
            actor=request.user,
            dry_run=not form.confirming(),
            ruleset=form.ruleset_name(),
            league_id=form.league_id(),
        )
    )
    if outcome is not None and not outcome.dry_run:
        added = len(outcome.games_added)
        messages.success(
            request,
            ngettext(
                "{count} game imported from the sheet ({hands} hands).",
                "{count} games imported from the sheet ({hands} hands).",
                added,
            ).format(count=added, hands=outcome.hands_added),
        )
        return redirect("page-club", slug=club.slug)
    upload_errors = [form.refused_upload] if form.refused_upload else []
    context = {"club": club, "form": form, "preview": outcome, "upload_errors": upload_errors}
    refused = form.refused_upload is not None or (form.is_bound and outcome is None)
    return render(request, "pages/sheet_import.html", context, status=400 if refused else 200)
