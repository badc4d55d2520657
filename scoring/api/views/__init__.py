"""The API's views, one module a subject: parse, check who may, call a service or selector,
serialize. Their routes are in scoring/api/urls.py."""
