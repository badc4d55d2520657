from django.apps import AppConfig


class AdjudicationConfig(AppConfig):
    """The Django side of adjudication; the rules themselves live in adjudication.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "adjudication"

    def ready(self) -> None:
        from django.utils.translation import gettext, ngettext, pgettext

        from adjudication.engine import HeartsError, words
        from hearts_site import errors

        # The engine's sentences (refusals, rulings) in the request's language: the engine
        # knows no Django, so its one seam is given Django's translation here.
        words.install(gettext, ngettext, pgettext)

        # A refusal by the rules is a 400 naming its code and field, as a domain error is.
        errors.translate(
            HeartsError, lambda exc: errors.DomainError(exc.code, exc.message, exc.field)
        )
