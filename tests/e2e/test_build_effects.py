"""Building changes nothing and folds no fresh value
(docs/soundness.md#builds-change-nothing-and-fold-no-fresh-value):
iterators the step draws from are refused with their reasons, a draw in the step is
fed at each call, a build that draws from Python's or numpy's generator is put back and
not used, and the run
ends with the interpreter's generator states.  End to end against JANUS_MODE=off on
tests/e2e/build_effects.py."""

from pathlib import Path

import pytest
from conftest import assert_same, run_both_modes

PROGRAMS = Path(__file__).parent
REFUSED = {
    "ticking_step": "iteration on a itertools.count would run its code at build time",
    "callable_iterator_step": "iter() of a builtin_function_or_method would run its code "
                              "at build time",
}


@pytest.fixture(scope="module")
def effects(tmp_path_factory):
    return run_both_modes(PROGRAMS / "build_effects.py",
                          tmp_path_factory.mktemp("build_effects"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_draws_and_generator_states_are_the_interpreters(effects):
    on, off = effects["on"], effects["off"]
    assert on.keys() == off.keys()
    for name in off:
        if name != "printed":
            assert_same(on[name], off[name], name)


@pytest.mark.parametrize("step", sorted(REFUSED))
def test_fresh_values_are_refused_with_their_reason(effects, step):
    assert effects["functions"][step]["status"] == f"interpreted: {REFUSED[step]}"


def test_a_draw_in_the_step_is_fed_at_each_call(effects):
    # np.random.choice(5) in the step: drawn before each graph call (python_draws.py),
    # so the generator states above end as the interpreter's.
    stats = effects["functions"]["numpy_step"]
    assert stats["status"] == "converted" and stats["graph_calls"] >= 3, stats


def test_a_build_that_draws_is_put_back_and_not_used(effects):
    stats = effects["functions"]["initializer_step"]
    assert stats["graph_calls"] == 0 and stats["graphs_built"] == 0, stats
    assert any("building drew from Python's `random` generator" in reason
               for reason in stats["reasons"]), stats["reasons"]
