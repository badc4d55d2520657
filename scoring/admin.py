"""Admin registrations for scoring models (none yet)."""
