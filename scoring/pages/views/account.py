"""The account pages: sign in (throttled), the device tokens a scorer's apps use, and the
download of everything kept about the signed-in person."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from scoring import selectors, services
from scoring.models import DeviceToken
from scoring.pages.forms.account import DeviceTokenForm, ThrottledAuthenticationForm
from scoring.pages.params import form_page, posted
from scoring.pages.throttling import export_throttled
from scoring.pages.views.language import remember_language


class SignInView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
    template_name = "registration/login.html"

    def form_valid(self, form):
        """Signed in, the pages speak the account's language, if it chose one."""
        response = super().form_valid(form)
        language = selectors.account_language(form.get_user())
        return remember_language(response, language) if language else response


@never_cache
@login_required
@form_page
def tokens_page(request: HttpRequest) -> HttpResponse:
    form = DeviceTokenForm(posted(request))
    made = form.written(
        lambda: services.make_device_token(request=request, user=request.user, **form.cleaned_data)
    )
    created = None
    if made is not None:
        token, key = made
        created = {"token": token, "key": key}
        form = DeviceTokenForm()
    tokens = selectors.device_tokens(request.user)
    context = {
        "form": form,
        "tokens": tokens,
        "created": created,
        "now": timezone.now(),
        "idle_days": settings.DEVICE_TOKEN_IDLE.days,
    }
    return render(request, "pages/tokens.html", context)


@login_required
@require_POST
def token_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(DeviceToken, pk=pk, user=request.user)
    services.revoke_device_token(token=token)
    messages.success(
        request, _("Token “{token}” revoked: that device is signed out.").format(token=token.name)
    )
    return redirect("page-tokens")


@never_cache
@login_required
@require_GET
@export_throttled
def my_data(request: HttpRequest) -> HttpResponse:
    """Everything kept about the signed-in person, as a JSON file to save (as the API's
    ``me/data/``)."""
    document = json.dumps(selectors.personal_data(request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    name = selectors.personal_data_file_name(request.user)
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response
