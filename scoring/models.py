"""Scorekeeping models: clubs, leagues, players, games (added by the scorekeeping issue)."""
