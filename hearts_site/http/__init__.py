"""Requests and responses around the apps: middleware, client addresses, CORS, headers, and
bodies rendered once."""
