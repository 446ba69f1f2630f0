"""Firmware of the Pico that runs the button ring and the launcher (MicroPython).

The logic modules take time and inputs as arguments and run unchanged on the
host, where this directory is installed as ``companion.firmware``; only
``main.py`` touches the Pico's hardware. See docs/protocol.md.
"""
