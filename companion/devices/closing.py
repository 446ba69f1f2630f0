"""``with device:`` for every device class: the device is closed when the block ends."""


class ClosedOnExit:
    """Closes the device (its ``close()``) at the end of a ``with`` block, whatever happens."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
