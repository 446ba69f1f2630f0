"""The table service: engine, table loop, store, devices, camera and page in one process.

- :mod:`.table`: :class:`TableService` builds and runs the whole table from a config.
- :mod:`.recording`: every event written before it is applied; a restart replays the match;
  the stored matches the page lists (the database itself: :mod:`companion.matchdb`).
- :mod:`.adapters`: engine actions -> devices; device observations -> engine events.
- :mod:`.presses`: what a button press or a sensor count means in the current state.
- :mod:`.camera`: frames -> discard watcher -> played cards.
- :mod:`.cli`: ``uno-companion run``, ``check`` and ``motor-off``.
"""
