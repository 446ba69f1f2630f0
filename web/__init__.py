"""Phone scoreboard: the Flask app and its page (installed as ``companion.web``).

- ``app``: the app factory and the guards in front of it; ``server``: waitress in-process.
- ``pages`` (HTML) and ``api`` (JSON, the event stream); ``view``, ``describe`` and ``words``
  turn the table's state into what a phone shows, in its language.
- ``security``: host token, session, CSRF, Origin, trusted host names, token rate limit.
- ``sse``: the stream hub; ``i18n`` and ``catalogue``: German and English; ``qr``: the host link.
- ``bench``: ``uno-companion bench web``. See docs/web.md.
"""
