"""A director's import of a hand record (docs/hand-record.md): the file, then its preview,
then the same record confirmed. A refusal says its line and column in words."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.record.spec import MAX_BYTES


class RecordImportForm(DomainErrorsMixin, forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Hand record file"),
        required=False,
        help_text=gettext_lazy("A .hrec file (or its JSON twin, .json) exported from a club."),
    )
    record = forms.CharField(widget=forms.HiddenInput, required=False, strip=False)
    confirm = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_BYTES:
                raise forms.ValidationError(_("The file is too large for a hand record."))
            try:
                data["record"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not a text hand record.")) from None
            data["confirm"] = False  # a new file is previewed first
        elif data.get("record"):  # carried by the preview's form: its line breaks come as CRLF
            data["record"] = data["record"].replace("\r\n", "\n")
        if not data.get("record"):
            raise forms.ValidationError(_("Choose a hand record file."))
        return data

    def record_text(self) -> str:
        return self.cleaned_data["record"]

    def form_kind(self) -> str:
        """The JSON twin begins with a brace, the text with a tag."""
        return "json" if self.record_text().lstrip().startswith("{") else "text"

    def confirming(self) -> bool:
        return bool(self.is_bound and self.is_valid() and self.cleaned_data["confirm"])

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        """A record's refusal with the place it stands at: ``record:<line>:<column>``."""
        parts = (path or "").split(":")
        if len(parts) == 3 and parts[0] == "record" and f"line {parts[1]}" not in detail:
            # Translators: {line} and {column} count from 1; {detail} says what is wrong.
            return _("Line {line}, column {column}: {detail}").format(
                line=parts[1], column=parts[2], detail=detail
            )
        return detail
