"""The members page's forms: a member's new role, a member removed. Each names the member by
their membership's id among the club's own (another club's, or none, is refused in words), and
a service's refusal (the club's last owner) goes to the top of the page."""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import Membership, Role
from scoring.pages.forms.errors import DomainErrorsMixin

NOT_A_MEMBER = gettext_lazy("That person is not a member of this club (any more).")


class MemberForm(DomainErrorsMixin, forms.Form):
    """One of ``memberships`` (the club's), by id."""

    member = forms.TypedChoiceField(
        coerce=int,
        widget=forms.HiddenInput,
        error_messages={"required": NOT_A_MEMBER, "invalid_choice": NOT_A_MEMBER},
    )

    def __init__(self, memberships: Iterable[Membership], *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.memberships = {membership.pk: membership for membership in memberships}
        self.fields["member"].choices = [(pk, str(pk)) for pk in self.memberships]

    @property
    def membership(self) -> Membership:
        return self.memberships[self.cleaned_data["member"]]


class MemberRoleForm(MemberForm):
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=Role.choices,
        error_messages={
            "required": gettext_lazy("Choose the member's new role."),
            "invalid_choice": gettext_lazy("Choose a role from the list."),
        },
    )


class RevokeForm(forms.Form):
    """Where a revoked invitation's page goes back to: the invite page (by default) or the
    members page, both of which list the invitations waiting."""

    back = forms.ChoiceField(
        choices=[("invite", "invite"), ("members", "members")],
        required=False,
        widget=forms.HiddenInput,
    )

    def back_to(self) -> str:
        back = self.cleaned_data.get("back") if self.is_valid() else None
        return "page-members" if back == "members" else "page-club-invite"
