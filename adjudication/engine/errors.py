"""The one error the engine raises: a refused input or rule, with a stable code."""


class HeartsError(ValueError):
    """A rule or input the engine refuses, with a stable code and the field it concerns."""

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def __repr__(self) -> str:
        return f"HeartsError({self.code!r}, {self.message!r}, field={self.field!r})"
