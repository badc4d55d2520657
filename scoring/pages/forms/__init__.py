"""Forms of the phone pages: they parse what a scorer typed or tapped into what a service takes.

No scoring here: the services and the engine judge every entry, and their refusals
(``HeartsError.field`` / ``DomainError.attr``, e.g. ``points.2`` or ``cards_taken.1.3``) are put
back next to the form field they concern (:mod:`scoring.pages.forms.errors`).
"""
