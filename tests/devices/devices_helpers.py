"""Helpers for the device tests: reading jobs off the queue and motor runs off a mock pin."""
from companion.devices.observations import CardCounted, collect_until, ends


def run_job(devices, events, job, timeout=10.0):
    """All observations up to the job's end; returns (card counts, end)."""
    seen = collect_until(events, ends(job), timeout)
    counts = [o.count for o in seen if isinstance(o, CardCounted) and o.job == job]
    return counts, seen[-1]


def motor_runs(pin):
    """Durations (s) of each stretch the pin was powered, from the mock pin's own history.

    A stretch still going counts as infinite: the motor is not off.
    """
    runs, started, t = [], None, 0.0
    for state in pin.states[1:]:
        t += state.timestamp  # seconds since the previous change
        if state.state and started is None:
            started = t
        elif not state.state and started is not None:
            runs.append(t - started)
            started = None
    if started is not None:
        runs.append(float("inf"))
    return runs
