"""A file uploaded to an import, read as text within ``IMPORT_UPLOAD_MAX_BYTES``
(docs/hand-record.md, "Import"): a request announcing more is refused before its body is
read (a 413 ``upload_too_large``), and a file is read a chunk at a time, never past it."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from hearts_site.errors import DomainError, PayloadTooLarge


def limit() -> int:
    return settings.IMPORT_UPLOAD_MAX_BYTES


def too_large(field: str | None = "file") -> PayloadTooLarge:
    mib = limit() / (1024 * 1024)
    words = _("The file is larger than {mib:g} MiB: split it, or ask for a higher limit.")
    return PayloadTooLarge("upload_too_large", words.format(mib=mib), field)


def check_length(meta) -> None:
    """Refuse a request whose announced length is past the limit, before reading it."""
    try:
        length = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit() + 64 * 1024:  # the multipart headers and fields around the file
        raise too_large()


def upload_text(upload, field: str = "file") -> str:
    """An uploaded file's text (UTF-8), read a chunk at a time and never past the limit."""
    if upload.size is not None and upload.size > limit():
        raise too_large(field)
    read, chunks = 0, []
    for chunk in upload.chunks():
        read += len(chunk)
        if read > limit():
            raise too_large(field)
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise DomainError("not_utf8", _("The file is not UTF-8 text."), field) from None
