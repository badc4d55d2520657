"""A director imports a hand record into the club: the file previewed (everything checked and
adjudicated, nothing stored), then confirmed (docs/hand-record.md, Import)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import selectors
from scoring.pages import access
from scoring.pages.forms.hand_records import RecordImportForm
from scoring.pages.params import posted
from scoring.pages.throttling import signed_in_form
from scoring.services.hand_records import import_record


@signed_in_form
def record_import(request: HttpRequest, slug: str) -> HttpResponse:
    refusal = _("Only the club's directors and owners import hand records.")
    club = access.club_in_role(request.user, slug, selectors.DIRECTORS, refusal)
    form = RecordImportForm(posted(request), request.FILES if request.method == "POST" else None)
    outcome = form.written(
        lambda: import_record(
            club=club,
            data=form.record_text(),
            form=form.form_kind(),
            actor=request.user,
            dry_run=not form.confirming(),
        )
    )
    if outcome is not None and not outcome.dry_run:
        added = len(outcome.games_added)
        messages.success(
            request,
            ngettext(
                "{count} game imported ({hands} hands).",
                "{count} games imported ({hands} hands).",
                added,
            ).format(count=added, hands=outcome.hands_added),
        )
        return redirect("page-club", slug=club.slug)
    context = {"club": club, "form": form, "preview": outcome}
    status = 400 if form.is_bound and outcome is None else 200
    return render(request, "pages/record_import.html", context, status=status)
