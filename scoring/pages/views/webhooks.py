"""A club owner's webhooks: endpoints registered (their secret shown once), rotated, disabled
and enabled, and each endpoint's delivery log with a button to send one again."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from hearts_site.errors import DomainError, TooManyRequests
from scoring import selectors, services
from scoring.models import Club, EventType, Role, WebhookEndpoint
from scoring.pages import access
from scoring.pages.forms.webhooks import WebhookEndpointForm
from scoring.pages.params import int_param, posted
from scoring.pages.throttling import signed_in_form, signed_in_post


def _owned_club(request: HttpRequest, slug: str) -> Club:
    return access.club_in_role(
        request.user, slug, [Role.OWNER], _("Only the club's owners manage its webhooks.")
    )


def _listing(request: HttpRequest, club: Club, form, secret=None) -> HttpResponse:
    context = {
        "club": club,
        "form": form,
        "secret": secret,
        "endpoints": selectors.endpoints_of(club.pk),
    }
    return render(request, "pages/webhooks.html", context)


@signed_in_form
def webhooks_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = _owned_club(request, slug)
    form = WebhookEndpointForm(posted(request))
    made = form.written(
        lambda: services.create_endpoint(club=club, actor=request.user, **form.cleaned_data)
    )
    if made is None:
        return _listing(request, club, form)
    endpoint, key = made
    secret = {"endpoint": endpoint, "key": key, "rotated": False}
    return _listing(request, club, WebhookEndpointForm(), secret)


@never_cache
@signed_in_post
def webhook_rotate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = _owned_club(request, slug)
    endpoint, key = _call(services.rotate_secret, club=club, endpoint_id=pk)
    secret = {"endpoint": endpoint, "key": key, "rotated": True}
    return _listing(request, club, WebhookEndpointForm(), secret)


@signed_in_post
def webhook_switch(request: HttpRequest, slug: str, pk: int, enabled: bool) -> HttpResponse:
    club = _owned_club(request, slug)
    endpoint = _call(services.set_endpoint_enabled, club=club, endpoint_id=pk, enabled=enabled)
    if enabled:
        messages.success(
            request, _("{url} is enabled: what waited is being sent.").format(url=endpoint.url)
        )
    else:
        messages.success(
            request, _("{url} is disabled: its events wait for it.").format(url=endpoint.url)
        )
    return redirect("page-webhooks", slug=club.slug)


@signed_in_form
def webhook_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One endpoint's deliveries, latest first; POST ``delivery`` sends that one again."""
    club = _owned_club(request, slug)
    endpoint = WebhookEndpoint.objects.filter(pk=pk, club=club).first()
    if endpoint is None:
        raise Http404(_("No such webhook endpoint."))
    if request.method == "POST":
        delivery = int_param(request.POST.get("delivery"))
        if delivery is None:
            raise Http404(_("No such delivery."))
        try:
            _call(services.redeliver, club=club, endpoint_id=pk, delivery_id=delivery)
        except TooManyRequests as refusal:
            messages.error(request, refusal.detail)
        else:
            messages.success(request, _("Sent again: the receiver tells the copy by its event id."))
        return redirect("page-webhook", slug=club.slug, pk=pk)
    deliveries = selectors.deliveries_of(endpoint)
    words = dict(EventType.choices)  # a ping has none: its type stands
    for delivery in deliveries:
        delivery.words = words.get(delivery.event.type, delivery.event.type)
    context = {"club": club, "endpoint": endpoint, "deliveries": deliveries}
    return render(request, "pages/webhook.html", context)


def _call(service, **arguments):
    """A service call on an endpoint or delivery of this club: unknown is a 404 (a send past
    the endpoint's budget is left to the caller)."""
    try:
        return service(**arguments)
    except TooManyRequests:
        raise
    except DomainError as refusal:
        raise Http404(refusal.detail) from refusal
