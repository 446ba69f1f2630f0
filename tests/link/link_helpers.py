"""Helpers of the link tests: the simulated Pico process, a bare host, patient waits."""
import json
import queue
import subprocess
import sys
import time
from pathlib import Path

from companion.backends.pico.session import DEFAULT_SETTINGS


class PicoProcess:
    """The child process running the firmware logic; ``do("press 2")`` returns its report."""

    def __init__(self, link_path: Path):
        self.path = str(link_path)
        self.process = subprocess.Popen([sys.executable, "-m", "companion.backends.pico.simulator", self.path],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.first = json.loads(self.process.stdout.readline())

    def do(self, command: str) -> dict:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def report(self) -> dict:
        return self.do("report")

    def tap(self, seat: int) -> None:
        """Press and release; the simulator holds it 100 ms of its own time (debounce: 20 ms)."""
        self.do(f"tap {seat}")

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=5)


def take(events: queue.Queue, kind: type, timeout: float = 10.0, drop: tuple = ()):
    """The next observation of ``kind``; others of a type in ``drop`` are skipped."""
    end = time.monotonic() + timeout
    while True:
        item = events.get(timeout=max(0.01, end - time.monotonic()))
        if isinstance(item, kind):
            return item
        assert isinstance(item, drop), f"unexpected {item!r} while waiting for {kind.__name__}"


class RawHost:
    """A bare host on the pty through pyserial, for faults the real host would never cause."""

    def __init__(self, path: str):
        import serial
        from companion.firmware import protocol
        self.protocol = protocol
        self.port = serial.Serial(path, 115200, timeout=0.05)
        self.reader = protocol.FrameReader(protocol.TO_HOST)
        self.boot_id = None
        self.session = 0                   # the session this host synced to

    def send(self, seq: int, verb: str, *args) -> bytes:
        session = 0 if verb in ("HELLO", "SYNC") else self.session
        frame = self.protocol.encode_message(self.protocol.TO_PICO, seq, verb, args, session)
        self.port.write(frame)
        return frame

    def read_until(self, predicate, timeout: float = 10.0):
        """Read frames (acknowledging events) until ``predicate(message)``; returns that message."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for message in self.reader.feed(self.port.read(256)):
                if isinstance(message, self.protocol.Message):
                    if message.seq:
                        self.send(0, "ACK", message.seq)
                    if predicate(message):
                        return message
        raise AssertionError("the Pico did not send the expected frame")

    def start_session(self) -> None:
        self.send(0, "HELLO")
        hello = self.read_until(lambda m: m.verb == "HELLO")
        self.boot_id, offer = hello.args[1], hello.args[2]
        self.send(1, "SYNC", self.boot_id, offer, *DEFAULT_SETTINGS)
        self.session = self.read_until(lambda m: m.verb == "ACK" and m.args == (1,)).session

    def close(self) -> None:
        self.port.close()
