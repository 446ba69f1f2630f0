"""The match database: every match and its events in one SQLite file.

- :mod:`.database`: :class:`MatchDatabase` (matches, events, the match to resume).
- :mod:`.repair`: a damaged file kept aside, what can still be read copied into a fresh one.
- :mod:`.checkpoint`: WAL checkpoints while the table is quiet.

When the table writes and what it replays is the service's part:
:mod:`companion.service.recording`.
"""
