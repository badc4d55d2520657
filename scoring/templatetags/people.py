"""``{{ user|own_name }}``: the signed-in user as the footer shows them to themselves
(scoring.selectors.own_name)."""

from django import template

from scoring.selectors import own_name as _own_name

register = template.Library()


@register.filter
def own_name(user) -> str:
    return _own_name(user)
