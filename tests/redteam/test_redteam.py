"""Blind red-team programs (tests/redteam/programs/): training loops written from the
contract alone (docs/soundness.md, "The contract") by authors who had not read the
runtime, each changing one Python-visible thing mid-run.  Each runs under
JANUS_MODE=off and under janus (tests/fuzz/oracle.py: printed lines, the exception,
every global with types and identity, TF variables, RNG states) and must agree.

expected.json says, per program, whether janus runs a graph for it (a change either way
fails: conversion is asserted wherever it is safe today) and, for the programs janus
still gets wrong, the mechanism: those are strict xfails, so a fix makes them fail
until their entry goes.  `graph_roundoff` marks a program whose step tf.function
itself computes with other float32 round-off than eager (the reason says where it was
measured): it is compared at float32's round-off.  tests/redteam/RESULTS.md records how
each fared when written.  Each program runs in a child forked from a server that
imported TF once per session (tests/fuzz/zygote.py; tests/fuzz/test_fuzz.py checks it
gives fresh processes' verdicts), both modes at once (the machine has two cores).
"""

import json
import sys
from pathlib import Path

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "tests" / "fuzz"))

import oracle  # noqa: E402

HERE = Path(__file__).resolve().parent
PROGRAMS = sorted((HERE / "programs").glob("rt*.py"))
# name -> whether its step converts (a graph ran at least once).
EXPECTED = json.loads((HERE / "expected.json").read_text())
FLOAT32_RTOL = 1e-4     # float32 round-off, grown over a run's steps (Adam's moments)


def test_every_program_has_an_expectation():
    assert sorted(p.stem for p in PROGRAMS) == sorted(EXPECTED)
    assert len(PROGRAMS) >= 20


def _case(program):
    wrong = EXPECTED[program.stem].get("known_wrong")
    marks = [pytest.mark.xfail(strict=True, reason=wrong)] if wrong else []
    return pytest.param(program, id=program.stem, marks=marks)


@pytest.mark.parametrize("program", [_case(p) for p in PROGRAMS])
def test_both_modes_agree(program, fork_runner):
    # A step TF's own graph rounds differently from eager (tf.function differs from
    # eager there too, measured and noted in expected.json) is compared at float32's
    # round-off; every other program to float64's.
    rtol = FLOAT32_RTOL if EXPECTED[program.stem].get("graph_roundoff") else oracle.FLOAT_RTOL
    verdict = oracle.check(program, timeout=240, runner=fork_runner, rtol=rtol)
    assert verdict.valid, verdict.invalid_reason
    assert verdict.problems == {}, (verdict.problems, verdict.reasons)
    assert verdict.converted == EXPECTED[program.stem]["converts"], verdict.reasons
