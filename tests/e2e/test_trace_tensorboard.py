"""JANUS_TRACE=<dir>/ writes a TensorBoard profile whose trace viewer shows janus's events
(TraceMe annotations) beside TensorFlow's ops: checked through TensorBoard's own profile
data endpoint, as its trace viewer loads it."""

import gzip
import json
import socket
import subprocess
import time
import urllib.parse
import urllib.request

from pathlib import Path

import pytest
from conftest import REPO, run_python

PREFIX_PYTHON = REPO / ".prefix" / "bin" / "python3.13"
PROGRAM = Path(__file__).resolve().parent / "trace_fallback.py"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        body = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
    return json.loads(body)


@pytest.fixture(scope="module")
def tensorboard(tmp_path_factory):
    logdir = tmp_path_factory.mktemp("profile")
    r = run_python([str(PROGRAM)], env_extra={"JANUS_TRACE": f"{logdir}/"})
    assert r.returncode == 0, r.stderr[-3000:]
    port = free_port()
    server = subprocess.Popen(
        [str(PREFIX_PYTHON), "-m", "tensorboard.main", "--logdir", str(logdir),
         "--port", str(port), "--host", "127.0.0.1"],
        env={"JANUS_MODE": "off", "PATH": "/usr/bin:/bin"},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/data/plugin/profile"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                runs = get_json(f"{base}/runs")
                break
            except OSError:
                assert server.poll() is None, "TensorBoard exited"
                assert time.monotonic() < deadline, "TensorBoard did not answer"
                time.sleep(0.5)
        yield base, runs
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_profile_data_endpoint_returns_janus_events_beside_tf_ops(tensorboard):
    base, runs = tensorboard
    assert len(runs) == 1, runs
    run = urllib.parse.quote(runs[0])
    assert "trace_viewer@" in get_json(f"{base}/run_tools?run={run}")
    hosts = get_json(f"{base}/hosts?run={run}&tag=trace_viewer@")
    host = urllib.parse.quote(hosts[0]["hostname"])
    # "trace_viewer@" streams events and their args separately; "trace_viewer" gives
    # the whole trace with args, as the classic trace viewer loads it.
    events = get_json(f"{base}/data?run={run}&tag=trace_viewer&host={host}")["traceEvents"]
    janus = [e for e in events if e.get("name", "").startswith("janus ")]
    names = {e["name"] for e in janus}
    assert {"janus call step", "janus guard check", "janus build step",
            "janus graph step (1)", "janus commit Python writes",
            "janus assertion failure"} <= names, names
    failure = next(e for e in janus if e["name"] == "janus assertion failure")
    assert failure["args"]["reason"].startswith(
        "assumption failed: branch at step:17 went the other way")
    assert failure["args"]["line"] == "17" and failure["args"]["file"] == str(PROGRAM)
    builds = [e for e in janus if e["name"] == "janus build step"]
    assert builds[0]["args"]["outcome"] == "built" and int(builds[0]["args"]["guard_count"]) > 0
    # TF's own op events of a graph call fall inside janus's slice for that call.
    graphs = [e for e in janus if e["name"].startswith("janus graph step")]
    # Any kernel: its name depends on what Grappler and oneDNN fused on this CPU.
    ops = [e for e in events if e.get("ph") == "X" and not e.get("name", "").startswith("janus ")
           and "args" in e and "long_name" in e["args"]]
    assert ops, "no TF op events in the profile"
    assert any(g["ts"] <= op["ts"] and op["ts"] + op["dur"] <= g["ts"] + g["dur"]
               for op in ops for g in graphs)
