"""The host link as a QR code, by IP address (``.local`` names fail on many Android phones).

>>> "<svg" in host_qr_svg("http://192.168.1.20:8000/host?token=abc")
True
"""
from __future__ import annotations

import io
import socket
from urllib.parse import quote

import segno

# The terminal code paints both colours itself (ANSI: bright white on black), so it reads the
# same on a light and on a dark terminal; left to the terminal's own colours, a half-block code
# is a negative on a light background, which phone cameras do not read.
TERMINAL_COLOURS = "\033[97;40m"
TERMINAL_RESET = "\033[0m"


def lan_address() -> str:
    """This machine's address on the home network, or 127.0.0.1 when it has none.

    Connecting a UDP socket sends nothing; it only asks the kernel which local
    address would route towards the outside.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def host_link(address: str, port: int, token: str) -> str:
    return f"http://{address}:{port}/host?token={quote(token)}"


def host_qr_svg(link: str) -> str:
    """An SVG (no external images) of the link that scales to its box: a viewBox and no fixed
    size, and the four-module quiet zone scanners expect."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=1, border=4, xmldecl=False,
                                     svgns=True, title="host link", dark="#000", light="#fff",
                                     omitsize=True)
    return out.getvalue().decode()


def host_qr_terminal(link: str) -> str:
    """The QR code drawn with half-block characters in fixed colours, for printing at start.

    Light modules are blocks in the foreground colour, dark ones spaces on the background
    colour; each line sets both colours and resets them at its end.
    """
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=4)
    return "".join(f"{TERMINAL_COLOURS}{line}{TERMINAL_RESET}\n" for line in out.getvalue().splitlines())
