"""The build pipeline: cache key, tarball verification, patch application."""

import shutil
import subprocess

import pytest
from conftest import REPO

SHA = "93e583f243454e6e9e4588ca2c2662206ad961659863277afcdb96801647d640"
TOOLS = REPO / "tools"


def key(patch_dir, *flags):
    return subprocess.run([str(TOOLS / "cpython-key.sh"), SHA, str(patch_dir), *flags],
                          capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def patches(tmp_path):
    copy = tmp_path / "patches"
    shutil.copytree(REPO / "cpython-patches", copy)
    return copy


def test_cache_key_is_stable_and_matches_make(patches):
    assert key(patches) == key(patches)
    make_key = subprocess.run(["make", "-s", "--no-print-directory", "key"], cwd=REPO,
                              capture_output=True, text=True, check=True).stdout.strip()
    assert key(REPO / "cpython-patches") == make_key


def test_cache_key_changes_with_each_input(patches):
    base = key(patches)
    first = sorted(patches.glob("0*.patch"))[0]
    first.write_text(first.read_text() + "\n")
    edited = key(patches)
    assert edited != base
    (patches / "0999-extra.patch").write_text("")
    assert key(patches) not in (base, edited)
    assert key(REPO / "cpython-patches", "--with-lto") != key(REPO / "cpython-patches")


def test_wrong_tarball_is_refused_with_what_was_found(tmp_path):
    fake = tmp_path / "Python-3.13.5.tar.xz"
    fake.write_bytes(b"not a tarball")
    r = subprocess.run([str(TOOLS / "fetch-cpython.sh"), str(tmp_path / "out.tar.xz")],
                       env={"PATH": "/usr/bin:/bin", "CPYTHON_TARBALL": str(fake)},
                       capture_output=True, text=True)
    assert r.returncode == 1
    found = subprocess.run(["sha256sum", str(fake)], capture_output=True,
                           text=True).stdout.split()[0]
    assert f"has sha256 {found}, expected {SHA}" in r.stderr
    assert not (tmp_path / "out.tar.xz").exists()


def test_missing_tarball_is_named(tmp_path):
    r = subprocess.run([str(TOOLS / "fetch-cpython.sh"), str(tmp_path / "out.tar.xz")],
                       env={"PATH": "/usr/bin:/bin", "CPYTHON_TARBALL": "/nonexistent.tar.xz"},
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "CPYTHON_TARBALL=/nonexistent.tar.xz: no such file" in r.stderr


def test_rejected_hunk_is_a_hard_error_naming_the_patch(tmp_path, patches):
    cache = tmp_path / "cache"
    fetched = cache / "src" / "python3.13_3.13.5.orig.tar.xz"
    r = subprocess.run(["make", "-s", "--no-print-directory", "fetch",
                        f"CACHE={cache}"], cwd=REPO, capture_output=True, text=True)
    assert r.returncode == 0 and fetched.exists(), r.stderr
    (patches / "0500-broken.patch").write_text(
        "--- a/Lib/site.py\n+++ b/Lib/site.py\n@@ -1,3 +1,3 @@\n-no such line\n+x\n"
        " context\n context\n")
    r = subprocess.run([str(TOOLS / "build-cpython.sh"), str(fetched), str(patches),
                        str(cache), "testkey"], capture_output=True, text=True)
    assert r.returncode != 0
    assert "error: patch 0500-broken.patch does not apply to CPython 3.13.5" in r.stderr
    assert not (cache / "cpython-testkey").exists()
