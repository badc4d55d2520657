"""Adjudication API routes, included under /api/v1/ by hearts_site.urls."""

urlpatterns: list = []
