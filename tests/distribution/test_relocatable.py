"""tools/relocatable-scripts.py: a prefix's bin/ scripts keep working after the prefix
is moved (make install PREFIX=... and the container image rely on it)."""

import os
import shutil
import subprocess
import sys

from conftest import REPO

TOOL = REPO / "tools" / "relocatable-scripts.py"


def make_prefix(root):
    bindir = root / "bin"
    bindir.mkdir(parents=True)
    # The interpreter itself stays where it is; the prefix links to it, as a copy would hold it.
    (bindir / "python3.13").symlink_to(os.path.realpath(sys.executable))
    (bindir / "tool").write_text(
        f"#!{bindir}/python3.13\n# -*- coding: utf-8 -*-\nimport sys\n"
        "print('tool', sys.argv[1:], sys.executable.endswith('python3.13'))\n")
    (bindir / "shell").write_text("#!/bin/sh\necho shell\n")
    (bindir / "binary").write_bytes(b"\x7fELF\x02\x01\x01" + bytes(64))
    for name in ("tool", "shell", "binary"):
        (bindir / name).chmod(0o755)
    return bindir


def test_scripts_run_after_the_prefix_moved_and_through_a_symlink(tmp_path):
    bindir = make_prefix(tmp_path / "before")
    shell, binary = (bindir / "shell").read_bytes(), (bindir / "binary").read_bytes()
    env = {"JANUS_MODE": "off", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, str(TOOL), str(tmp_path / "before")], check=True, env=env)
    shutil.move(tmp_path / "before", tmp_path / "after")
    moved = tmp_path / "after" / "bin"
    r = subprocess.run([str(moved / "tool"), "a b", "c"], capture_output=True, text=True,
                       env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "tool ['a b', 'c'] True\n"
    (tmp_path / "link").symlink_to(moved / "tool")
    r = subprocess.run([str(tmp_path / "link")], capture_output=True, text=True, env=env)
    assert r.stdout == "tool [] True\n", r.stderr
    # Only python #! lines change: shell scripts and binaries stay byte for byte.
    assert (moved / "shell").read_bytes() == shell
    assert (moved / "binary").read_bytes() == binary
    assert os.access(moved / "tool", os.X_OK)


def test_the_dev_prefix_has_no_script_bound_to_a_path():
    bindir = REPO / ".prefix" / "bin"
    bound = []
    for name in sorted(os.listdir(bindir)):
        path = bindir / name
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as f:
                first = f.readline()
            if first.startswith(b"#!/") and b"python" in first:
                bound.append(name)
    assert bound == [], bound
