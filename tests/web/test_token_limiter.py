"""Wrong host tokens are limited per address, so the token cannot be guessed."""
from companion.web.security import TokenTryLimiter, new_host_token


def test_five_wrong_tries_lock_that_address_for_the_rest_of_the_window():
    limiter = TokenTryLimiter(max_failures=5, window_seconds=60)
    for second in range(5):
        assert limiter.retry_after("10.0.0.9", now=second) == 0
        limiter.failed("10.0.0.9", now=second)
    assert limiter.retry_after("10.0.0.9", now=10) == 50
    assert limiter.retry_after("10.0.0.8", now=10) == 0  # another phone is not locked out
    assert limiter.retry_after("10.0.0.9", now=60.5) == 0  # the oldest try has expired


def test_tokens_are_random_and_long_enough():
    tokens = {new_host_token() for _ in range(100)}
    assert len(tokens) == 100 and min(map(len, tokens)) >= 10


def test_a_flood_of_addresses_keeps_memory_bounded_and_the_latest_locked():
    limiter = TokenTryLimiter(max_failures=1, window_seconds=60)
    for number in range(25_000):
        limiter.failed(f"fd00::{number:x}", now=number / 1000)
    assert len(limiter._failures) <= 10_000
    assert limiter.retry_after("fd00::61a7", now=25.0) > 0  # the most recent tries still count


def test_a_trusted_name_matches_with_or_without_its_final_dot_and_port():
    from companion.web.security import host_name_is_trusted
    trusted = ["uno.home.arpa", "spielbox.fritz.box."]
    for host in ("uno.home.arpa", "UNO.home.arpa:8000", "uno.home.arpa.", "spielbox.fritz.box:80", "10.0.0.7"):
        assert host_name_is_trusted(host, trusted), host
    for host in ("evil.example", "uno.home.arpa.evil.example", "home.arpa", ""):
        assert not host_name_is_trusted(host, trusted), host
