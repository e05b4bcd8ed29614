"""The ``referee`` command line: one subcommand group per game.

This package sits above :mod:`referee` (rules) and :mod:`vision` (photos), so
that neither of those has to know about the other or about the command line.
"""
