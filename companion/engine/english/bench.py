"""The engine benchmark's command line."""

BENCH: dict[str, str] = {
    "bench_games": "--games must be at least 1",
    "bench_players": "--players must be from 2 to 10 (D2)",
}
