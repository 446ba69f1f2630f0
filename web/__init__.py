"""Phone scoreboard: the Flask app and its page."""
