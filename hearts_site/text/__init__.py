"""Text people give and read: names, numbers, CSV cells, shared form fields, date formats."""
