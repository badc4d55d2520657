"""The OpenAPI document: its generator, shared answers, stated bounds and settings."""
