"""Random numbers in converted steps (janus/semantics/random_ops.py): with a global seed a graph
draws eager's numbers bit for bit, through fallbacks, guard misses, relaxed shapes and a
repeated op seed, for normal/uniform draws and the log-uniform and uniform candidate
samplers, and for draws with the op's own seed (one stream across calls); without one,
steps that draw convert; draws janus cannot make exact (the learned unigram sampler,
tf.random.categorical with a seed of its own) stay in the interpreter with their reason.

The drawn numbers are compared exactly.  Trained float64 values get ROUND_OFF: a graph
may round float arithmetic differently from eager (Grappler's rewrites), random ops or
not.  oneDNN is off in both modes.
"""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAM = Path(__file__).resolve().parent / "random_draws.py"
# scenario -> (function, index of the drawn values in each step's result)
SEEDED = {
    "dcgan": ("dcgan_step", [0]),
    "vae": ("vae_step", [0, 1, 2]),
    "keras_seeds": ("keras_step", []),
    "sampled": ("sampled_step", []),
    "nce": ("nce_step", []),
    "candidates": ("candidates_step", [0, 1, 2]),
    "categorical": ("categorical_step", [0, 1]),
    "explicit_seed": ("explicit_seed_step", [0]),
    "explicit_categorical": ("explicit_categorical_step", [0]),
    "repeat": ("repeat_step", None),          # the whole result is the draw
    "repeat_sampler": ("repeat_sampler_step", None),
    "repeat_categorical": ("repeat_categorical_step", None),
    "reseeding": ("reseeding_step", [0]),
}
REFUSED = {
    "learned_step": "stateful random op LearnedUnigramCandidateSampler",
    "explicit_categorical_step": "stateful random op Multinomial",
    "reseeding_step": "sets TF's global seed inside the step",
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return run_both_modes(PROGRAM, tmp_path_factory.mktemp("random"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def drawn(step, positions):
    if positions is None or "raised" in step:
        return step
    return [step["tuple"][i] for i in positions]


@pytest.mark.parametrize("name", SEEDED)
def test_seeded_draws_are_eagers_bit_for_bit(runs, name):
    _, positions = SEEDED[name]
    got = [drawn(s, positions) for s in runs["on"][name]["steps"]]
    want = [drawn(s, positions) for s in runs["off"][name]["steps"]]
    assert_same(got, want, name)


@pytest.mark.parametrize("name", SEEDED)
def test_seeded_steps_train_as_the_interpreter_does(runs, name):
    raised = [i for i, s in enumerate(runs["off"][name]["steps"]) if "raised" in s]
    assert raised == ([11] if name == "vae" else []), (name, raised)
    assert_same(runs["on"][name]["steps"], runs["off"][name]["steps"], name, **ROUND_OFF)
    assert_same(runs["on"][name]["state"], runs["off"][name]["state"], name, **ROUND_OFF)


@pytest.mark.parametrize("name", ["dcgan_step", "vae_step", "keras_step", "repeat_step",
                                  "unseeded_step", "unseeded_sampled_step", "sampled_step",
                                  "nce_step", "candidates_step", "repeat_sampler_step",
                                  "categorical_step", "repeat_categorical_step",
                                  "explicit_seed_step"])
def test_steps_that_draw_convert(runs, name):
    entry = runs["functions"][name]
    assert entry["status"] == "converted", entry
    assert entry["graph_calls"] >= entry["calls"] - 6, entry


def test_a_fallback_and_a_guard_miss_keep_the_draws_in_step(runs):
    entry = runs["functions"]["dcgan_step"]
    assert entry["fallbacks"] == 1 and entry["graphs_built"] == 3, entry
    assert any("assumption failed" in r for r in entry["reasons"]), entry
    assert any("global smoothing" in r for r in entry["reasons"]), entry
    vae = runs["functions"]["vae_step"]
    assert [i for i, s in enumerate(runs["off"]["vae"]["steps"]) if "raised" in s] == [11]
    assert vae["fallbacks"] == 1, vae


@pytest.mark.parametrize("name", ["repeat_step", "repeat_sampler_step",
                                  "repeat_categorical_step"])
def test_a_repeated_op_seed_runs_in_the_interpreter(runs, name):
    entry = runs["functions"][name]
    repeated = [r for r in entry["reasons"] if r.startswith("random seed repeated")]
    assert repeated == ["random seed repeated: op seed 1750263026 was drawn before since "
                        "the seed was set"], entry
    assert entry["reasons"][repeated[0]] == 1 and entry["graph_calls"] == entry["calls"] - 4, entry


@pytest.mark.parametrize("name", REFUSED)
def test_draws_janus_cannot_make_exact_stay_in_the_interpreter(runs, name):
    entry = runs["functions"][name]
    assert entry["graph_calls"] == 0, entry
    assert entry["status"].startswith("interpreted: " + REFUSED[name]), entry


@pytest.mark.parametrize("name", ["unseeded", "unseeded_sampled"])
def test_unseeded_draws_are_valid_draws(runs, name):
    assert_same(runs["on"][name], runs["off"][name], name)
    assert runs["on"][name]["finite"] is True


def test_building_a_step_that_reseeds_leaves_the_generator_as_eager_does(runs):
    assert_same(runs["on"]["after_reseeding"], runs["off"]["after_reseeding"],
                "a draw after the reseeding steps")
