"""The page views, a module a subject: browse, scoresheet, adjudicate, account."""
