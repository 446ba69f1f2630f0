# Decodes every line of fuzz.bin with the Pico's parser and prints one verdict per input;
# tests/firmware/test_fw_micropython.py compares the output of CPython and MicroPython.
from firmware import protocol

with open("fuzz.bin", "rb") as source:
    inputs = source.read().split(b"\x00\x00SPLIT\x00\x00")
for data in inputs:
    verdicts = []
    for result in protocol.FrameReader(protocol.TO_PICO).feed(data):
        if isinstance(result, protocol.Message):
            verdicts.append("%d %s %s" % (result.seq, result.verb, " ".join(str(a) for a in result.args)))
        else:
            verdicts.append("E")
    print("|".join(verdicts))
