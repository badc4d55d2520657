from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Clubs, leagues, players and the games they score."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"

    def ready(self) -> None:
        from hearts_site.database import deadline as db_deadline
        from hearts_site.http import rendering
        from scoring import checks  # noqa: F401  (registers the system checks)
        from scoring.selectors import names

        rendering.audience_key[0] = names.audience_key

        db_deadline.install()
