from django.apps import AppConfig


class AdjudicationConfig(AppConfig):
    """The Django side of adjudication; the rules themselves live in adjudication.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "adjudication"
