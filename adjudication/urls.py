"""Adjudication API routes, included under /api/v1/ by hearts_site.urls."""

from django.urls import path

from adjudication import views

urlpatterns = [
    path("adjudications/", views.AdjudicationView.as_view(), name="adjudications"),
    path("rulesets/", views.RulesetListView.as_view(), name="rulesets"),
    path("rulesets/<str:preset>/", views.RulesetDetailView.as_view(), name="ruleset-detail"),
    path("rule-codes/", views.RuleCodeListView.as_view(), name="rule-codes"),
]
