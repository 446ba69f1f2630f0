"""The host QR code really encodes the host link (decoded back with OpenCV's QR detector), on
the host page in Chromium at a phone's and a laptop's width, and as the terminal prints it on a
light and on a dark terminal."""
import io
import re

import cv2
import numpy as np
import pytest
import segno

from companion.web.qr import host_link, host_qr_svg, host_qr_terminal, lan_address
from web_helpers import HOST_TOKEN

LINK = host_link("192.168.1.20", 8000, "Zt3_kq9-Aw0xN4bV7mQ2sLd8")
THEMES = {"light": {"fg": 30, "bg": 255}, "dark": {"fg": 230, "bg": 20}}  # a terminal's own colours
ANSI = {30: 0, 37: 200, 90: 90, 97: 255, 40: 0, 47: 200, 100: 90, 107: 255}
HALF = {" ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}  # (top, bottom) in the foreground


def decode(image) -> str:
    return cv2.QRCodeDetector().detectAndDecode(image)[0]


def terminal_image(text: str, theme: dict) -> np.ndarray:
    """The text as a terminal with ``theme``'s default colours paints it: each character cell
    two pixels high (half blocks), SGR colour codes honoured, then scaled up as a camera sees it."""
    rows = []
    for line in text.splitlines():
        fg, bg = theme["fg"], theme["bg"]
        top, bottom = [], []
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            if part.startswith("\x1b["):
                for code in map(int, filter(None, part[2:-1].split(";"))):
                    if code == 0:
                        fg, bg = theme["fg"], theme["bg"]
                    elif 30 <= code <= 37 or 90 <= code <= 97:
                        fg = ANSI.get(code, 128)
                    elif 40 <= code <= 47 or 100 <= code <= 107:
                        bg = ANSI.get(code, 128)
                continue
            for char in part:
                upper, lower = HALF[char]
                top.append(fg if upper else bg)
                bottom.append(fg if lower else bg)
        rows += [top, bottom]
    width = max(map(len, rows))
    image = np.array([row + [theme["bg"]] * (width - len(row)) for row in rows], np.uint8)
    image = cv2.copyMakeBorder(image, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=theme["bg"])
    return cv2.resize(image, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)


def test_the_host_link_uses_an_ip_address_and_the_token():
    link = host_link("192.168.1.20", 8000, "a b")
    assert link == "http://192.168.1.20:8000/host?token=a%20b"
    assert lan_address().count(".") == 3  # an IPv4 address, never a .local name


def test_the_qr_code_decodes_to_the_link():
    png = io.BytesIO()
    segno.make(LINK, error="m").save(png, kind="png", scale=8, border=4)
    image = cv2.imdecode(np.frombuffer(png.getvalue(), np.uint8), cv2.IMREAD_GRAYSCALE)
    assert decode(image) == LINK


@pytest.mark.parametrize("theme", THEMES)
def test_the_terminal_code_decodes_on_a_light_and_on_a_dark_terminal(theme):
    assert decode(terminal_image(host_qr_terminal(LINK), THEMES[theme])) == LINK


def test_a_code_in_the_terminals_own_colours_is_unreadable_on_a_light_terminal():
    """Why the printed code sets its colours: segno's plain half-block code is a negative there."""
    plain = io.StringIO()
    segno.make(LINK, error="m").terminal(out=plain, compact=True, border=4)
    assert decode(terminal_image(plain.getvalue(), THEMES["dark"])) == LINK
    assert decode(terminal_image(plain.getvalue(), THEMES["light"])) != LINK


def test_svg_and_terminal_forms_are_self_contained():
    link = host_link("10.0.0.2", 8000, "t")
    svg = host_qr_svg(link)
    assert svg.startswith("<svg") and "http" not in svg.split("xmlns", 1)[1].split(">", 1)[1]
    assert 'viewBox="0 0 ' in svg and "width=" not in svg.split(">", 1)[0]  # scales to its box
    assert "█" in host_qr_terminal(link)


@pytest.mark.slow
@pytest.mark.parametrize("width", [360, 1280])
def test_the_host_pages_code_decodes_from_a_screenshot(chromium, served, width):
    context = chromium.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{served.port}/host?token={HOST_TOKEN}")
    code = page.locator(".qr svg")
    code.evaluate("node => node.scrollIntoView({block: 'center'})")  # as the host holds it up
    box = code.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # nothing cut off at the sides
    shot = page.screenshot()  # the viewport, as the other phone's camera sees the screen
    image = cv2.imdecode(np.frombuffer(shot, np.uint8), cv2.IMREAD_GRAYSCALE)
    assert decode(image) == served.host_link
    context.close()
