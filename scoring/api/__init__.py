"""The scorekeeping API under /api/v1/: views by subject (views/), their serializers
(serializers/), routes (urls.py), and the HTTP pieces they share: who may (permissions.py),
what a request concerns (scopes.py), ETags and retry-safe creates (http.py, idempotency.py),
sign-in (authentication.py), the write throttle and CSV."""
