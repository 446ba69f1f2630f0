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
