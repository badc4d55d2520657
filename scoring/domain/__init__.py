"""The scorekeeping rules that need no database: a scorer's entry scored through the engine
(entries.py), a league's ranking declaration and ordering (ranking.py), and a tournament night's
seating draw (seating/)."""
