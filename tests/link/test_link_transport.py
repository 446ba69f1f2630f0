"""The serial transport turns every port problem into one readable TransportError."""
import pytest

from companion.backends.pico.transport import SerialTransport, TransportError


def test_a_missing_port_says_to_plug_the_pico_in(tmp_path):
    with pytest.raises(TransportError, match=r"cannot open .*ttyACM7: no such port \(is the Pico plugged in\?\)"):
        SerialTransport(str(tmp_path / "ttyACM7"))


def test_a_port_held_by_another_program_says_so(pico):
    first = SerialTransport(pico.path)
    try:
        with pytest.raises(TransportError, match="in use by another program"):
            SerialTransport(pico.path)
    finally:
        first.close()


def test_an_unplugged_port_fails_the_read_with_a_transport_error(pico):
    port = SerialTransport(pico.path)
    try:
        pico.do("unplug")
        with pytest.raises(TransportError):
            for _ in range(100):
                port.read()
    finally:
        port.close()
