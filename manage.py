#!/usr/bin/env python3
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    # A request must answer in seconds; a command (a migration, an import) may take longer.
    os.environ.setdefault("DATABASE_STATEMENT_TIMEOUT", "0")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
