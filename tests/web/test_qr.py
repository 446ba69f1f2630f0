"""The host QR code really encodes the host link (decoded back with OpenCV's QR detector)."""
import io

import cv2
import numpy as np
import segno

from companion.web.qr import host_link, host_qr_svg, host_qr_terminal, lan_address


def test_the_host_link_uses_an_ip_address_and_the_token():
    link = host_link("192.168.1.20", 8000, "a b")
    assert link == "http://192.168.1.20:8000/host?token=a%20b"
    assert lan_address().count(".") == 3  # an IPv4 address, never a .local name


def test_the_qr_code_decodes_to_the_link():
    link = host_link("192.168.1.20", 8000, "Zt3_kq9-Aw0")
    png = io.BytesIO()
    segno.make(link, error="m").save(png, kind="png", scale=8, border=4)
    image = cv2.imdecode(np.frombuffer(png.getvalue(), np.uint8), cv2.IMREAD_GRAYSCALE)
    decoded, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert decoded == link


def test_svg_and_terminal_forms_are_self_contained():
    link = host_link("10.0.0.2", 8000, "t")
    svg = host_qr_svg(link)
    assert svg.startswith("<svg") and "http" not in svg.split("xmlns", 1)[1].split(">", 1)[1]
    assert "█" in host_qr_terminal(link)
