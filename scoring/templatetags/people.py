"""``{{ user|display_name }}``: a person as the pages show them, never by their sign-in name
when the club knows a better one (scoring.selectors.display_name)."""

from django import template

from scoring.selectors import display_name as _display_name

register = template.Library()


@register.filter
def display_name(user) -> str:
    return _display_name(user)
