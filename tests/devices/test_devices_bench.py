"""``uno-companion bench devices`` prints its figures, jam clearing included."""
from companion.devices import bench


def test_the_devices_bench_prints_each_figure(capsys):
    assert bench.main(["--runs", "3"]) == 0
    out = capsys.readouterr().out
    assert "watchdog: motor off" in out and "after a 0.2 s limit, 3 runs" in out
    assert "stop(): returns with the motor pin at 0 within" in out
    assert "jams (defaults): a snag freed by one reverse pulse adds" in out
    assert "reverse pulses" in out and "(3)" in out         # one for the snag, two for the hard jam
