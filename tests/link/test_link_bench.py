"""``uno-companion bench link`` prints measured figures, its last line machine-readable."""
import re

from companion.backends.pico import bench


def test_the_link_benchmark_prints_its_figures(capsys):
    assert bench.main(["--frames", "200", "--commands", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"codec: [\d,]+ frames/s .*", lines[0])
    assert re.fullmatch(r"link_roundtrip_ms_median=\d+\.\d\d", lines[-1])
    assert float(lines[-1].split("=")[1]) > 0
