"""Helpers for the device tests: reading jobs off the queue and motor runs off a mock pin."""
from companion.devices.observations import CardCounted, collect_until, ends

# Test timings: short, with wide margins over the sim's 30 ms per card on a loaded machine.
FAST = dict(motor_limit=2.0, card_deadline=0.5, settle=0.15, aim_time=0.02, rest=0.05)


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


def motor_on_spans(*pins, gap=0.005):
    """Durations (s) the motor was powered either way: both pins' powered stretches on one
    clock, a change of direction (a gap under ``gap``) being one run. Still on: infinite."""
    spans = []
    for pin in pins:
        at = pin._last_change - sum(state.timestamp for state in pin.states[1:])  # when states began
        started = None
        for state in pin.states[1:]:
            at += state.timestamp
            if state.state and started is None:
                started = at
            elif not state.state and started is not None:
                spans.append((started, at))
                started = None
        if started is not None:
            spans.append((started, float("inf")))
    runs = []
    for start, end in sorted(spans):
        if runs and start - runs[-1][1] < gap:
            runs[-1][1] = max(runs[-1][1], end)
        else:
            runs.append([start, end])
    return [end - start for start, end in runs]
