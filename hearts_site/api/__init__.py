"""DRF's shared parts: JSON in and out, pagination, query parameters, serializer pieces,
throttles, and the computing endpoints' shortcut."""
