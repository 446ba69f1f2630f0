"""The promises README.md makes to a newcomer stay true."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_a_setup_and_demo_command_then_a_test_command():
    commands = readme_commands()
    assert "uno-companion demo" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert readme_commands()[1] in ci_lines


def test_cli_help_lists_every_command():
    result = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    from companion.cli import COMMANDS
    for name in COMMANDS:
        assert name in result.stdout


def test_unknown_command_is_a_clear_error_without_traceback():
    result = subprocess.run([sys.executable, "-m", "companion", "fly"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr
