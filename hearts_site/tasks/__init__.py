"""The task queue and its workers."""
