"""Invitations on the pages: an owner makes a link for a role (to copy, share or show as a QR
code) and revokes those not yet used; whoever opens it accepts it signed in, or makes their
account and joins in one go. The club's members page: its directors and owners see who
belongs with what role; its owners change a role, remove a member and revoke an invitation
there too (the service keeps the club's last owner)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from hearts_site.errors import DomainError, NotFoundError
from hearts_site.text.names import isolated_in
from scoring import selectors, services
from scoring.models import Club, Invitation, Membership, Role
from scoring.pages import access
from scoring.pages.forms.account import InvitationForm
from scoring.pages.forms.members import MemberForm, MemberRoleForm, RevokeForm
from scoring.pages.forms.signup import SignUpForm
from scoring.pages.params import form_page, posted
from scoring.pages.qr import qr_svg
from scoring.pages.refusals import refusal_words
from scoring.pages.throttling import (
    signed_in_form,
    signed_in_post,
    signup_throttled,
    write_throttled,
)
from scoring.pages.views.signup import signed_up

#: The shared link's title, a sentence for each role an invitation carries.
INVITED_AS = {
    Role.OWNER: gettext_lazy("Invitation to {club} as owner"),
    Role.DIRECTOR: gettext_lazy("Invitation to {club} as director"),
    Role.SCORER: gettext_lazy("Invitation to {club} as scorer"),
    Role.MEMBER: gettext_lazy("Invitation to {club} as member"),
}
REVOKED_AS = {
    Role.OWNER: gettext_lazy("The invitation as owner is revoked: its link opens nothing now."),
    Role.DIRECTOR: gettext_lazy(
        "The invitation as director is revoked: its link opens nothing now."
    ),
    Role.SCORER: gettext_lazy("The invitation as scorer is revoked: its link opens nothing now."),
    Role.MEMBER: gettext_lazy("The invitation as member is revoked: its link opens nothing now."),
}


def _owned_club(request: HttpRequest, slug: str) -> Club:
    return access.club_in_role(
        request.user, slug, [Role.OWNER], _("Only the club's owners invite people.")
    )


def shared_link(request: HttpRequest, token: str, title: str) -> dict:
    """An invitation's link as its page shows it: the address, and its QR code."""
    link = request.build_absolute_uri(reverse("page-invitation", args=[token]))
    return {"url": link, "qr": qr_svg(link, title), "title": title}


@signed_in_form
def club_invite(request: HttpRequest, slug: str) -> HttpResponse:
    club = _owned_club(request, slug)
    form = InvitationForm(posted(request))
    link = None
    if form.is_bound and form.is_valid():
        invitation, token = services.create_invitation(
            club=club, role=form.cleaned_data["role"], actor=request.user
        )
        link = shared_link(request, token, str(INVITED_AS[invitation.role]).format(club=club.name))
        form = InvitationForm()
    context = {
        "club": club,
        "form": form,
        "link": link,
        "outstanding": selectors.outstanding_invitations(club),
    }
    return render(request, "pages/invite.html", context)


@never_cache
@signed_in_post
def invitation_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _owned_club(request, slug)
    try:
        invitation = services.revoke_invitation(club=club, invitation_id=pk)
    except NotFoundError as refusal:
        raise Http404(refusal.detail) from refusal
    except DomainError as refusal:  # accepted meanwhile
        messages.error(request, refusal_words(refusal))
    else:
        messages.success(request, _revoked_words(invitation))
    return redirect(RevokeForm(request.POST).back_to(), slug=club.slug)


def _revoked_words(invitation: Invitation) -> str:
    if invitation.player_id is not None:
        return isolated_in(
            _("The invitation to be {player} is revoked: its link opens nothing now."),
            player=invitation.player.name,
        )
    return str(REVOKED_AS[invitation.role])


@never_cache
@form_page
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    """Signed in: accept. Signed out: make an account and join, or sign in first. An unknown,
    used, revoked or expired link says so (404)."""
    try:
        invitation = services.open_invitation(token)
    except DomainError:
        return render(request, "pages/invitation.html", {"gone": True}, status=404)
    if request.user.is_authenticated:
        return _accept(request, token, invitation)
    return _join_as_new(request, token, invitation)


@write_throttled
def _accept(request: HttpRequest, token: str, invitation: Invitation) -> HttpResponse:
    context = {"invitation": invitation}
    if request.method == "POST":
        try:
            services.accept_invitation(token=token, user=request.user)
        except DomainError as refusal:  # nothing to change, or used meanwhile
            context["refusal"] = refusal_words(refusal)
            return render(request, "pages/invitation.html", context, status=409)
        messages.success(request, isolated_in(_("Welcome to {club}."), club=invitation.club.name))
        return redirect("page-club", slug=invitation.club.slug)
    return render(request, "pages/invitation.html", context)


@signup_throttled
def _join_as_new(request: HttpRequest, token: str, invitation: Invitation) -> HttpResponse:
    player = invitation.player
    form = SignUpForm(posted(request), initial={"name": player.name} if player else None)
    if form.is_bound and form.is_valid() and signed_up(request, form, invitation=token):
        name = form.cleaned_data["name"]
        welcome = _("Welcome to {club}, {name}: you are signed in.")
        messages.success(request, isolated_in(welcome, club=invitation.club.name, name=name))
        return redirect("page-club", slug=invitation.club.slug)
    context = {"invitation": invitation, "form": form}
    return render(request, "pages/invitation.html", context, status=400 if form.is_bound else 200)


#: What a member's new role is, in words, once changed.
ROLE_NOW = {
    Role.OWNER: gettext_lazy("{name} is now an owner of the club."),
    Role.DIRECTOR: gettext_lazy("{name} is now a director of the club."),
    Role.SCORER: gettext_lazy("{name} is now a scorer of the club."),
    Role.MEMBER: gettext_lazy("{name} is now a member of the club, without another role."),
}


@never_cache
@login_required
@require_safe
def club_members(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_in_role(
        request.user,
        slug,
        selectors.MEMBERS_READERS,
        _("Only the club's directors and owners see its members."),
    )
    return _members_page(request, club)


def _managed_club(request: HttpRequest, slug: str) -> Club:
    return access.club_in_role(
        request.user,
        slug,
        selectors.MEMBERS_MANAGERS,
        _("Only the club's owners change roles and remove members."),
    )


def _members_page(request: HttpRequest, club: Club, form: MemberForm | None = None) -> HttpResponse:
    """The members page; after a refused form, with its refusal in words at the top (400 for
    bad input, 409 for a write the club's rules refuse: the form was valid)."""
    manages = selectors.may_manage_members(request.user, club)
    context = {
        "club": club,
        "rows": selectors.member_rows(request.user, club),
        "manages": manages,
        "roles": Role.choices,
        "refusals": form.summary() if form is not None else [],
        "outstanding": selectors.outstanding_invitations(club) if manages else None,
    }
    status = 200 if form is None else 409 if set(form.errors) <= {NON_FIELD_ERRORS} else 400
    return render(request, "pages/members.html", context, status=status)


@signed_in_post
def member_role(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed_club(request, slug)
    form = MemberRoleForm(selectors.memberships_of(club), request.POST)
    membership = form.written(
        lambda: services.change_role(membership=form.membership, role=form.cleaned_data["role"])
    )
    if membership is None:
        return _members_page(request, club, form)
    name = selectors.member_name(membership)
    messages.success(request, isolated_in(str(ROLE_NOW[Role(membership.role)]), name=name))
    stays = membership.user_id != request.user.pk or membership.role in selectors.MEMBERS_READERS
    return _back_after(club, stays=stays)


@signed_in_post
def member_remove(request: HttpRequest, slug: str) -> HttpResponse:
    club = _managed_club(request, slug)
    form = MemberForm(selectors.memberships_of(club), request.POST)
    removed = form.written(lambda: _removed(form.membership))
    if removed is None:
        return _members_page(request, club, form)
    membership, name = removed
    messages.success(request, isolated_in(_("{name} is no longer in the club."), name=name))
    return _back_after(club, stays=membership.user_id != request.user.pk)


def _removed(membership: Membership) -> tuple[Membership, str]:
    name = selectors.member_name(membership)
    services.remove_membership(membership=membership)
    return membership, name


def _back_after(club: Club, *, stays: bool) -> HttpResponse:
    """Back to the members page; to the club's page when the owner changed themselves out of
    the roles that read it (or out of the club)."""
    return redirect("page-members" if stays else "page-club", slug=club.slug)
