"""The soundness mechanisms of docs/soundness.md, each in several shapes
(tests/mechanisms/programs/<mechanism>_<shape>.py): small training loops that change one
Python-visible thing mid-run.  Each runs under JANUS_MODE=off and under janus
(tests/fuzz/oracle.py: printed lines, the exception, every global with types and
identity, TF variables, RNG states; oneDNN off) and must agree, and janus must run a
graph for its step: each shape is safe to convert.
"""

import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "tests" / "fuzz"))

import oracle  # noqa: E402

PROGRAMS = sorted((Path(__file__).resolve().parent / "programs").glob("*.py"))


def test_each_mechanism_has_three_shapes():
    shapes = Counter(p.stem.split("_")[0] for p in PROGRAMS)
    assert shapes and min(shapes.values()) >= 3, shapes


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_both_modes_agree_and_the_step_converts(program, fork_runner):
    verdict = oracle.check(program, timeout=240, runner=fork_runner)
    assert verdict.valid, verdict.invalid_reason
    assert verdict.problems == {}, (verdict.problems, verdict.reasons)
    assert verdict.converted, verdict.reasons
