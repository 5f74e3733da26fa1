"""The image under test (JANUS_IMAGE, set by `make test-image`) and a docker runner."""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent


def docker(*args, check=True, timeout=600):
    r = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)
    if check and r.returncode != 0:
        raise AssertionError(f"docker {' '.join(args)} exited {r.returncode}:\n"
                             f"{r.stdout}\n{r.stderr}")
    return r


@pytest.fixture(scope="session")
def image():
    name = os.environ.get("JANUS_IMAGE")
    assert name, "run through `make test-image`, which builds the image and names it"
    docker("image", "inspect", name)
    return name
