"""A service's refusal, back onto the form field it names."""

from __future__ import annotations

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError


class DomainErrorsMixin:
    """Maps a service's error path onto a field; what no field takes goes to the top."""

    #: ``{first part of the error path: field name or group name}``
    error_targets: dict[str, str] = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}

    def add_refusal(self, exc: HeartsError | DomainError) -> None:
        """The engine's or a service's refusal, next to the field its path names."""
        if isinstance(exc, HeartsError):
            self.add_domain_error(exc.field, exc.message)
        else:
            self.add_domain_error(exc.attr, exc.detail)

    def add_domain_error(self, path: str | None, message: str) -> None:
        target = self.target_of(path)
        if target in self.fields:
            self.add_error(target, message)
        elif target is not None:
            self.group_errors.setdefault(target, []).append(message)
            # Keep the form invalid and say so at the top too, in case the group is off-screen.
            self.add_error(None, "Please check the marked entries below.")
        else:
            self.add_error(None, message)

    def target_of(self, path: str | None) -> str | None:
        if not path:
            return None
        head = path.split(".")[0]
        return self.error_targets.get(head)
