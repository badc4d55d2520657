"""A service's refusal, back onto the form field it names; and a form's write carried out
with its refusal so placed (``DomainErrorsMixin.written``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError

T = TypeVar("T")


class DomainErrorsMixin:
    """Maps a service's error path onto a field; what no field takes goes to the top."""

    #: ``{first part of the error path: field name or group name}``
    error_targets: dict[str, str] = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}

    def written(self, write: Callable[[], T]) -> T | None:
        """What ``write()`` returns, once the form is sent and valid; None when it was not
        sent, is invalid, or the write is refused (the refusal in words on the form)."""
        if not (self.is_bound and self.is_valid()):
            return None
        try:
            return write()
        except (HeartsError, DomainError) as refusal:
            self.add_refusal(refusal)
            return None

    def add_refusal(self, exc: HeartsError | DomainError) -> None:
        """The engine's or a service's refusal in words, next to the field its path names."""
        if isinstance(exc, HeartsError):
            code, detail, path = exc.code, exc.message, exc.field
        else:
            code, detail, path = exc.code, exc.detail, exc.attr
        self.add_domain_error(path, self.words_for(code, detail, path))

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        """A refusal as a player reads it: forms that know its words override this."""
        return detail

    def add_domain_error(self, path: str | None, message: str) -> None:
        target = self.target_of(path)
        if target in self.fields:
            self.add_error(target, message)
        elif target is not None:
            self.group_errors.setdefault(target, []).append(message)
            # Keep the form invalid, and say it at the top too: the group may be off-screen.
            self.add_error(None, message)
        else:
            self.add_error(None, message)

    def target_of(self, path: str | None) -> str | None:
        if not path:
            return None
        head = path.split(".")[0]
        return self.error_targets.get(head)

    def summary(self) -> list[str]:
        """Every error in words, for the top of the page: a field's after its label (a label
        that asks a question has errors that say their field)."""
        top = list(self.non_field_errors())
        for name, errors in self.errors.items():
            if name == "__all__" or name not in self.fields:
                continue
            label = self.fields[name].label or ""
            named = label and not label.endswith("?")
            top.extend(f"{label}: {error}" if named else error for error in errors)
        return top
