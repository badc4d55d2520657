"""The database: its settings from DATABASE_URL, query deadlines, named locks, the pool after
an error, and SQLite's backend."""
