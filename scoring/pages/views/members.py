"""Invitations on the pages: an owner makes a link for a role; whoever opens it signed in
accepts it and joins the club."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Role
from scoring.pages import access
from scoring.pages.forms.account import InvitationForm
from scoring.pages.params import posted
from scoring.pages.throttling import signed_in_form


@signed_in_form
def club_invite(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_in_role(
        request.user, slug, [Role.OWNER], "Only the club's owners invite people."
    )
    form = InvitationForm(posted(request))
    link = None
    if form.is_bound and form.is_valid():
        _, token = services.create_invitation(
            club=club, role=form.cleaned_data["role"], actor=request.user
        )
        link = request.build_absolute_uri(reverse("page-invitation", args=[token]))
        form = InvitationForm()
    context = {"club": club, "form": form, "link": link}
    return render(request, "pages/invite.html", context)


@signed_in_form
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    try:
        invitation = services.open_invitation(token)
        if request.method == "POST":
            services.accept_invitation(token=token, user=request.user)
            messages.success(request, f"Welcome to {invitation.club.name}.")
            return redirect("page-club", slug=invitation.club.slug)
    except DomainError as exc:  # unknown, used or expired
        raise Http404(exc.detail) from exc
    return render(request, "pages/invitation.html", {"invitation": invitation})
