"""Package layout only; everything else is in pyproject.toml.

web/ (the Flask app and the page) installs as ``companion.web`` so the whole
service imports from one namespace while the repository keeps web/ at the top.
"""
from setuptools import find_packages, setup

web_packages = ["companion." + name for name in find_packages(include=["web", "web.*"])]
setup(
    packages=find_packages(include=["companion", "companion.*"]) + web_packages + ["companion.firmware"],
    # firmware/ (MicroPython for the Pico) shares its frame codec with the host's link.
    package_dir={"companion.web": "web", "companion.firmware": "firmware"},
)
