"""Path converters: an id in a URL is a database id, so it must fit a 64-bit integer column."""

from django.urls.converters import IntConverter


class IdConverter(IntConverter):
    """Like ``int``, but at most 18 digits: a longer number is no row (a 404 from the resolver),
    instead of an integer the database driver cannot bind (a 500 on SQLite)."""

    regex = "[0-9]{1,18}"
