"""The one background worker (companion/threads.py) the loop, pump, camera, page and store use."""
import threading

from companion.threads import Worker


def test_it_runs_on_a_named_daemon_thread_until_asked_to_stop():
    seen = []

    def run():
        seen.append(threading.current_thread())
        worker.stopping.wait()

    worker = Worker("camera", run)
    worker.start()
    worker.stopping.wait(0.05)
    assert worker.running and worker.alive
    assert worker.stop(5) and not worker.running and not worker.alive
    assert seen[0].name == "camera" and seen[0].daemon


def test_a_worker_never_started_wakes_nothing_and_says_so():
    woken = []
    worker = Worker("pump", lambda: None, wake=lambda: woken.append(1))
    assert worker.stop(5) is False and woken == [] and worker.stopping.is_set()


def test_stop_wakes_once_and_waits_no_longer_than_its_timeout():
    woken, release = [], threading.Event()
    worker = Worker("stuck", release.wait, wake=lambda: woken.append(1))
    worker.start()
    assert worker.stop(0.05) and woken == [1] and not worker.running
    assert worker.stop(0.05) is False and woken == [1]  # a second stop is a no-op
    release.set()


def test_a_stopped_worker_stays_stopped_when_started_again():
    """A thread that outlived its join must never run beside a new one."""
    rounds = []

    def run():
        while not worker.stopping.wait(0.01):
            rounds.append(1)

    worker = Worker("checkpoint", run)
    worker.start()
    worker.stop(5)
    before = len(rounds)
    worker.start()
    worker.stop(5)
    assert len(rounds) == before
