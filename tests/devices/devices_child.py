"""A table process for the safety tests: starts a long dispense on the sim and then misbehaves.

Prints ``motor <monotonic seconds> <duty>`` at every change of the motor's forward pin,
and ``ready`` once the motor runs. Modes: ``wait`` (sleep until signalled), ``crash``
(the main program raises while the motor runs).
"""
import logging
import queue
import sys
import time

from companion.backends import open_devices


def main(mode: str, limit: float) -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format="log %(message)s")
    devices = open_devices("sim", queue.Queue(), launcher_options=dict(motor_limit=limit, card_deadline=1.0),
                           stack_options=dict(cards=10_000))
    devices.stack.forward.listeners.append(
        lambda: print(f"motor {time.monotonic():.6f} {float(devices.stack.forward.state)}", flush=True))
    devices.launcher.dispense(100)
    while not devices.launcher.motor_running:
        time.sleep(0.005)
    print("ready", flush=True)
    if mode == "crash":
        time.sleep(0.2)
        raise RuntimeError("the table program crashed")
    time.sleep(60)


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]))
