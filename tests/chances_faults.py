"""What the chances' worker process runs in tests instead of the plain estimate.

The worker process gets its estimator by name (``companion.chances.worker.ESTIMATE``), so
these are module-level functions, importable there (tests/ is on the path it inherits).
With the environment variable :data:`MARK` set to a folder, :func:`marking` leaves a file
there as each estimate starts: a test knows the worker is busy before it acts.

``from chances_faults import ...`` (tests/ is on the path through tests/conftest.py).
"""
import os
import time
from pathlib import Path

from companion.chances import playout

MARK = "UNO_COMPANION_TEST_ESTIMATE_MARKS"


def noting_pid(game, *args, **kwargs):
    """The plain estimate, with the id of the process that ran it in ``extra["pid"]``."""
    result = playout.estimate(game, *args, **kwargs)
    result.extra["pid"] = os.getpid()
    return result


def marking(game, *args, **kwargs):
    """:func:`noting_pid`, leaving a file in the folder :data:`MARK` names as it starts."""
    folder = os.environ.get(MARK)
    if folder:
        (Path(folder) / f"{os.getpid()}-{time.monotonic_ns()}").touch()
    return noting_pid(game, *args, **kwargs)


_failed = []


def failing_once(game, *args, **kwargs):
    """A bug on the first state this process gets; the plain estimate afterwards."""
    if not _failed:
        _failed.append(True)
        raise RuntimeError("a bug in a playout")
    return noting_pid(game, *args, **kwargs)


def dying(game, *args, **kwargs):
    """The worker process ends on every state (as a crash in C code or the OOM killer would)."""
    os._exit(3)


def gone(pid: int) -> bool:
    """No such process any more (or only its exit status is left: a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    except OSError:  # no /proc here
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")
