"""Date formats by language: Django's own for each language (German's "2. Dezember 2026",
Chinese "2026年12月2日"), and the service's English ones here, short for a phone. Templates name
a format (``|date:"DATE_FORMAT"``), never spell one, so each language writes dates its way."""
