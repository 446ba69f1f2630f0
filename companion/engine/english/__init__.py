"""The engine's English sentence templates, one dict per topic or edition, keyed by message key.

``companion.engine.messages`` joins them into ``MESSAGES`` (in a fixed order, which the German
catalogue's entries follow) and is the one place that reads them.
"""
