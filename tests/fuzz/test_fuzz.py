"""The differential fuzzer (tests/fuzz/): its generator covers every feature, its oracle
sees the differences that matter, its shrinker keeps the failure, and a fixed sample of
generated programs gives the interpreter's results under janus.

The sample's known-wrong seeds are listed in KNOWN_WRONG with the mechanism and the
issue that owns it; they are strict xfails, so a fix makes them fail until the entry is
removed.
"""

import random
import sys

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "tests" / "fuzz"))

import features  # noqa: E402
import generate  # noqa: E402
import oracle  # noqa: E402
import shrink  # noqa: E402

COVERAGE_SEEDS = range(500)
SAMPLE_SEEDS = range(30)

# Sample seeds janus gets wrong today -> the mechanism (the first one its shrunk
# reproducer shows; tests/fuzz/reproducers/ has one file per mechanism).  Found with
# `tests/fuzz/run.py --n 30 --seed 0 --shrink 30`.  A change to the generator changes
# the programs behind the seeds: run that again and rewrite this table.
KNOWN_WRONG: dict[int, str] = {}
REPRODUCERS = sorted((REPO / "tests" / "fuzz" / "reproducers").glob("*.py"))


def all_tags():
    tags = set(features.SKELETON_TAGS)
    for f in features.FEATURES.values():
        tags.update(f(random.Random(0), 0).tags)
    return tags


def test_every_feature_and_tag_appears_over_the_seed_range():
    seen_tags, seen_features = set(), set()
    for seed in COVERAGE_SEEDS:
        plan = generate.make_plan(seed)
        seen_tags |= generate.tags(plan)
        seen_features |= {f["name"] for f in plan["features"]}
    assert set(features.FEATURES) - seen_features == set()
    assert all_tags() - seen_tags == set()


def test_the_mix_has_what_the_issue_asks_for():
    wanted = {"python_if", "tensor_if", "python_while", "tensor_while", "for_range", "break",
              "continue", "early_return", "recursion", "attr_write", "global_write",
              "nonlocal", "list_write", "dict_write", "deque", "defaultdict", "aliasing",
              "object_in_step", "int_float_mix", "compare", "division", "bigint", "string",
              "fstring", "print", "dataclass", "property", "descriptor", "dunder",
              "keras_sequential", "keras_functional", "keras_subclassed", "raw_variables",
              "sgd", "adam", "schedule_subclass", "callable_lr", "several_tapes",
              "exception_caught", "tf_assert", "failing_tf_op", "mutate_global",
              "mutate_object", "mutate_container", "mutate_method", "shape_change",
              "dtype_change", "ragged_batch"}
    assert wanted - all_tags() == set()


def test_programs_compile_and_render_the_same_every_time():
    for seed in COVERAGE_SEEDS:
        source = generate.render(generate.make_plan(seed))
        compile(source, f"<seed {seed}>", "exec")
        assert generate.render(generate.make_plan(seed)) == source
        lines = source.count("\n")
        assert 60 <= lines <= 260, (seed, lines)


def test_mutations_come_after_the_first_graph_and_before_the_end():
    for seed in COVERAGE_SEEDS:
        plan = generate.make_plan(seed)
        for f in plan["features"]:
            assert f["at"] == sorted(set(f["at"])), (seed, f)
            assert all(generate.HOT_CALLS < k < plan["steps"] for k in f["at"]), (seed, f)


# The oracle on hand-made runs: strict on types, signs of zero, NaN and identity.

def _run(printed=(), exception=None, state=None, rng=None):
    dump = {"exception": exception, "globals": state or {}, "rng": rng or {"random": "a"}}
    return oracle.Run(0, list(printed), "", dump, None, 1.0)


@pytest.mark.parametrize("janus, reference", [
    (["int", 1], ["float", "1.0"]),
    (["float", "-0.0"], ["float", "0.0"]),
    (["float", "nan"], ["float", "1.0"]),
    (["bool", True], ["int", 1]),
    (["list", [["ref", 0]], 1], ["list", [["list", [], 0]], 1]),
    (["Tensor", "float32", [[1], ["1.0"]]], ["Tensor", "float64", [[1], ["1.0"]]]),
    (["Tensor", "float64", [[2], ["1.0", "2.0"]]], ["Tensor", "float64", [[2], ["1.0", "2.5"]]]),
    (["str", "5"], ["str", "5.0"]),
])
def test_oracle_state_differences(janus, reference):
    verdict = oracle.compare(_run(state={"x": reference}), _run(state={"x": janus}))
    assert verdict.category == "state", verdict.problems


@pytest.mark.parametrize("janus, reference", [
    (["float", "0.1"], ["float", "0.1"]),
    (["float", "0.30000000000000004"], ["float", "0.3"]),     # within FLOAT_RTOL
    (["float", "nan"], ["float", "nan"]),
    (["Tensor", "float64", [[1], ["nan"]]], ["Tensor", "float64", [[1], ["nan"]]]),
])
def test_oracle_equal_values(janus, reference):
    verdict = oracle.compare(_run(state={"x": reference}), _run(state={"x": janus}))
    assert verdict.category is None, verdict.problems


@pytest.mark.parametrize("janus, reference, same", [
    (["0 1.5"], ["0 1.5"], True),
    (["0 1.0000000000000002"], ["0 1.0"], True),
    (["0 1"], ["0 1.0"], False),
    (["0 -0.0"], ["0 0.0"], False),
    (["0 raised ValueError"], ["0 1.0"], False),
    (["a", "b"], ["a"], False),
])
def test_oracle_printed_lines(janus, reference, same):
    verdict = oracle.compare(_run(printed=reference), _run(printed=janus))
    assert (verdict.category is None) == same, verdict.problems


def test_oracle_exception_and_rng():
    verdict = oracle.compare(_run(), _run(exception=["ValueError", "x"]))
    assert verdict.category == "exception"
    verdict = oracle.compare(_run(rng={"random": "a"}), _run(rng={"random": "b"}))
    assert verdict.category == "rng"


def test_a_reference_that_fails_is_a_generator_defect_not_a_mismatch():
    verdict = oracle.compare(_run(exception=["NameError", "x"]), _run())
    assert not verdict.valid and verdict.category is None


def test_shrinker_keeps_only_what_the_failure_needs():
    plan = generate.make_plan(3)
    plan["features"] = [{"name": n, "seed": 1, "u": u, "at": [6]}
                        for u, n in enumerate(["print_in_step", "big_int", "comparison",
                                               "lr_change"])]
    plan.update(model="sequential", opt="callable", style="method", ragged=True, steps=50)
    tried = []

    def still_fails(candidate):
        tried.append(candidate)
        return any(f["name"] == "big_int" for f in candidate["features"])

    small = shrink.shrink(plan, still_fails, generate.capabilities,
                          generate.needs_of)
    assert [f["name"] for f in small["features"]] == ["big_int"]
    assert (small["model"], small["style"], small["ragged"]) == ("raw", "function", False)
    assert small["steps"] < 50
    # lr_change needs the callable learning rate: no candidate dropped one and kept the other
    assert all(c["opt"] == "callable" for c in tried
               if any(f["name"] == "lr_change" for f in c["features"]))


# End to end: the oracle sees a real difference between the two modes, and the fork
# servers give the same verdict as fresh processes.

MODE_DEPENDENT = """\
import os
import tensorflow as tf
tf.keras.utils.set_random_seed(0)
MODE = os.environ.get("JANUS_MODE")
print("mode", MODE)
"""


@pytest.fixture
def runner(fork_runner):
    return fork_runner


def test_the_oracle_sees_a_program_that_differs_by_mode(tmp_path, runner):
    program = tmp_path / "differs.py"
    program.write_text(MODE_DEPENDENT)
    for run in (runner, None):
        verdict = oracle.check(program, runner=run)
        assert verdict.valid
        assert set(verdict.problems) == {"printed", "state"}, verdict.problems


def test_fork_servers_agree_with_fresh_processes(tmp_path, runner):
    program = tmp_path / "seed.py"
    program.write_text(generate.render(generate.make_plan(SAMPLE_SEEDS[0])))
    forked = oracle.check(program, runner=runner).as_dict()
    fresh = oracle.check(program).as_dict()
    for d in (forked, fresh):
        d.pop("seconds")
    assert forked == fresh


@pytest.mark.parametrize("seed", [
    pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=KNOWN_WRONG[s]))
    if s in KNOWN_WRONG else s for s in SAMPLE_SEEDS])
def test_fixed_sample_matches_the_interpreter(seed, tmp_path, runner):
    program = tmp_path / f"seed-{seed}.py"
    program.write_text(generate.render(generate.make_plan(seed)))
    verdict = oracle.check(program, runner=runner)
    assert verdict.valid, verdict.invalid_reason
    assert verdict.category is None, verdict.problems


def _known_wrong(path):
    first = path.read_text().splitlines()[0]
    return first.removeprefix("# known wrong: ") if first.startswith("# known wrong: ") \
        else None


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.stem,
                 marks=[pytest.mark.xfail(strict=True, reason=_known_wrong(p))]
                 if _known_wrong(p) else [])
    for p in REPRODUCERS])
def test_reproducer(path, runner):
    """Shrunk fuzz failures.  A "# known wrong:" first line names the issue that owns
    it; the fix removes that line and the file stays as a regression test."""
    verdict = oracle.check(path, runner=runner)
    assert verdict.valid, verdict.invalid_reason
    assert verdict.category is None, verdict.problems
    assert verdict.converted, verdict.step_status
