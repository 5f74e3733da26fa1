"""Seeded draws that janus makes stateless (janus/semantics/random_ops.py) against TF's
own stateful kernels: with op seeds (s, s2) as an input, janus_ext/random_ops.cc's
JanusSeededCandidateSampler, and TF's stateless V1 kernels fed v1_seed(s, s2), draw, bit
for bit, what a fresh TF kernel with attributes seed=s, seed2=s2 draws at its first call,
which is what eager runs under a global seed (every call gets new op seeds, so a new
kernel).  And a call that fails while taking its seeds leaves the generator as it was."""

import typing

import numpy as np
import pytest
import tensorflow as tf
from tensorflow.python.framework import random_seed
from tensorflow.python.ops import gen_candidate_sampling_ops as gen
from tensorflow.python.ops import gen_random_ops, gen_stateless_random_ops

from janus.semantics import random_ops

TRUE_CLASSES = np.array([[3, 7], [0, 1999], [12, 12]], np.int64)


def tf_sampler(kind):
    fn = getattr(gen, f"{kind}_candidate_sampler")
    return getattr(fn, "__wrapped__", fn)      # TF's own, also once janus has wrapped it


@pytest.mark.parametrize("kind", ["log_uniform", "uniform"])
@pytest.mark.parametrize("unique", [True, False])
@pytest.mark.parametrize("num_sampled", [1, 64, 2000])
@pytest.mark.parametrize("seeds", [(1, 2), (87654321, 123), (5, 2**31 - 1), (2**31 - 1, 0)])
def test_the_seeded_sampler_draws_what_a_fresh_tf_kernel_draws(kind, unique, num_sampled,
                                                                seeds):
    want = tf_sampler(kind)(TRUE_CLASSES, 2, num_sampled, unique, 2000, seed=seeds[0],
                            seed2=seeds[1])
    got = random_ops._seeded_ops().janus_seeded_candidate_sampler(
        TRUE_CLASSES, tf.constant(seeds, tf.int64), sampler=kind, num_true=2,
        num_sampled=num_sampled, unique=unique, range_max=2000)
    for name, w, g in zip(("candidates", "true counts", "sampled counts"), want, got):
        assert w.dtype == g.dtype and w.shape == g.shape, name
        assert np.array_equal(w.numpy(), g.numpy()), name


def test_in_a_graph_the_seeds_are_an_input():
    sample = tf.function(lambda seeds: random_ops._seeded_ops().janus_seeded_candidate_sampler(
        TRUE_CLASSES, seeds, sampler="log_uniform", num_true=2, num_sampled=8, unique=True,
        range_max=2000)[0])
    for seeds in [(11, 2), (11, 3), (4, 2)]:    # new seeds: TF runs a fresh kernel each
        want = tf_sampler("log_uniform")(TRUE_CLASSES, 2, 8, True, 2000, seed=seeds[0],
                                         seed2=seeds[1])[0]
        assert sample(tf.constant(seeds, tf.int64)).numpy().tolist() == want.numpy().tolist()


def test_bad_input_gets_tfs_errors():
    op = random_ops._seeded_ops().janus_seeded_candidate_sampler
    with pytest.raises(tf.errors.InvalidArgumentError, match="out of range"):
        op(np.array([[2000, 1]], np.int64), tf.constant([1, 2], tf.int64),
           sampler="uniform", num_true=2, num_sampled=3, unique=True, range_max=2000)
    with pytest.raises(tf.errors.InvalidArgumentError, match="range is too small"):
        op(np.array([[1]], np.int64), tf.constant([1, 2], tf.int64),
           sampler="uniform", num_true=1, num_sampled=30, unique=True, range_max=20)


# -- v1_seed: stateless V1 kernels started where a fresh stateful kernel starts -----------

FRESH = iter(range(1000, 100000))     # op seeds never used before in this process


@pytest.mark.parametrize("seed", [1, 12345, 2**31 - 1])
@pytest.mark.parametrize("rows, samples", [(1, 1), (5, 3), (2, 257)])
def test_v1_seed_makes_stateless_multinomial_draw_a_fresh_kernels_numbers(seed, rows,
                                                                         samples):
    logits = tf.constant(np.random.default_rng(rows).normal(size=(rows, 7)), tf.float32)
    seed2 = next(FRESH)
    want = gen_random_ops.multinomial(logits, samples, seed=seed, seed2=seed2)
    got = gen_stateless_random_ops.stateless_multinomial(
        logits, samples, tf.constant(random_ops.v1_seed(seed, seed2), tf.int64))
    assert got.numpy().tolist() == want.numpy().tolist()


@pytest.mark.parametrize("seed", [1, 2**31 - 1])
def test_v1_seed_holds_for_other_v1_kernels(seed):
    # The same inversion serves every V1 kernel: normal, gamma, Poisson.
    v1 = lambda seed2: tf.constant(random_ops.v1_seed(seed, seed2), tf.int64)  # noqa: E731
    seed2 = next(FRESH)
    assert np.array_equal(
        gen_random_ops.random_standard_normal([50], tf.float32, seed=seed, seed2=seed2),
        gen_stateless_random_ops.stateless_random_normal([50], v1(seed2)))
    seed2 = next(FRESH)
    alpha = tf.constant([0.5, 2.0])
    assert np.array_equal(
        gen_random_ops.random_gamma([40], alpha, seed=seed, seed2=seed2),
        gen_stateless_random_ops.stateless_random_gamma_v2([40, 2], v1(seed2), alpha))


def test_a_call_that_fails_while_taking_seeds_gives_them_back():
    class Broken(typing.NamedTuple):
        @property
        def v1(self):
            raise RuntimeError("broken")

    tf.random.set_seed(17)
    fresh = [random_seed.get_seed(None) for _ in range(2)]
    tf.random.set_seed(17)
    draws = random_ops.Draws(tf.Graph(), RuntimeError)
    draws.kernels = [random_ops.Kernel(None, tf.float32), Broken()]   # the second fails
    with pytest.raises(RuntimeError, match="broken"):
        draws.call_time_seeds()
    assert [random_seed.get_seed(None) for _ in range(2)] == fresh
