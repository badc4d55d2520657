"""Making an account on the pages (linked from the sign-in page): the new person is signed in
at once. The invitation page (members.py) uses the same form to make an account and join in
one go. Every POST spends the sign-up budget of the client's address."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from hearts_site.errors import DomainError
from hearts_site.text.names import isolated_in
from scoring import services
from scoring.pages.forms.signup import SignUpForm
from scoring.pages.params import form_page, posted
from scoring.pages.throttling import signup_throttled

#: How a new account's session is made: the password was just set, not checked by axes.
SESSION_BACKEND = "django.contrib.auth.backends.ModelBackend"


def signed_up(
    request: HttpRequest, form: SignUpForm, invitation: str | None = None
) -> services.NewAccount | None:
    """The account the form asks for, made (joined to the invitation's club, if any) and
    signed in on this browser; None when the service refused, its words on the form."""
    try:
        made = services.sign_up(request=request, invitation=invitation, **form.account())
    except DomainError as refusal:
        form.add_refusal(refusal)
        return None
    login(request, made.user, backend=SESSION_BACKEND)
    return made


def _next_page(request: HttpRequest) -> str | None:
    """Where the person was going before they signed up (this site only)."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if allowed else None


@never_cache
@form_page
@signup_throttled
def signup_page(request: HttpRequest) -> HttpResponse:
    context = {"next": _next_page(request) or ""}
    if request.user.is_authenticated:  # sign out first to make another account
        return render(request, "pages/signup.html", context)
    form = SignUpForm(posted(request))
    if form.is_bound and form.is_valid() and signed_up(request, form):
        name = form.cleaned_data["name"]
        messages.success(
            request,
            isolated_in(
                _("Welcome, {name}: your account is made and you are signed in."), name=name
            ),
        )
        return redirect(_next_page(request) or "home")
    status = 400 if form.is_bound else 200
    return render(request, "pages/signup.html", {**context, "form": form}, status=status)
