"""``changes()`` (scoring/api/http.py) checks a write's body with the serializer its schema
documents, before the view method runs, and hands the method the checked data: a view cannot
document one body and read another."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from hearts_site.api.serializers import StrictInputSerializer
from scoring.api.http import changes


class ReasonInputSerializer(StrictInputSerializer):
    reason = serializers.CharField(max_length=5)
    seats = serializers.IntegerField(min_value=3, default=4)


class EchoView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes: list = []
    calls: list = []

    @changes("leagues_update", ReasonInputSerializer, ReasonInputSerializer)
    def post(self, request, body, pk):
        EchoView.calls.append(body)
        return Response({"body": body, "pk": pk})


def send(body: dict):
    request = APIRequestFactory().post("/", body, format="json")
    return EchoView.as_view()(request, pk=7)


def test_the_view_method_gets_the_checked_body_with_its_defaults_after_the_request():
    answer = send({"reason": "rain"})
    assert answer.status_code == 200
    assert answer.data == {"body": {"reason": "rain", "seats": 4}, "pk": 7}


def test_a_body_its_serializer_refuses_is_a_400_naming_the_field_and_the_method_never_runs():
    EchoView.calls.clear()
    too_long = send({"reason": "a very long reason"})
    unknown = send({"reason": "rain", "colour": "red"})
    assert too_long.status_code == unknown.status_code == 400
    assert [error["attr"] for error in too_long.data["errors"]] == ["reason"]
    assert [error["attr"] for error in unknown.data["errors"]] == ["colour"]
    assert EchoView.calls == []


def test_the_schema_documents_the_serializer_that_checks_the_body():
    generator = SchemaGenerator(patterns=[path("echo/<int:pk>/", EchoView.as_view())])
    schema = generator.get_schema(request=None, public=True)
    body = schema["paths"]["/echo/{id}/"]["post"]["requestBody"]["content"]["application/json"]
    name = body["schema"]["$ref"].rsplit("/", 1)[-1]
    assert set(schema["components"]["schemas"][name]["properties"]) == {"reason", "seats"}
