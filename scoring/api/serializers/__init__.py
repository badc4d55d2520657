"""The API's serializers, one module a subject: inputs (strict, unique names) apart from
outputs."""
