"""The host link as a QR code, by IP address (``.local`` names fail on many Android phones).

>>> "<svg" in host_qr_svg("http://192.168.1.20:8000/host?token=abc")
True
"""
from __future__ import annotations

import io
import socket
from urllib.parse import quote

import segno


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
    """An SVG (no external images, scales on any screen) of the link."""
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False,
                                     svgns=True, title="host link", dark="#111", light="#fff")
    return out.getvalue().decode()


def host_qr_terminal(link: str) -> str:
    """The QR code drawn with block characters, for printing at start."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
