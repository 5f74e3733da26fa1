"""Probe: stateful numpy RNG methods that are not draws, called in the step.

The step builds per-step augmentation noise from numpy in three ways: (1)
`child = PARENT.spawn(1)[0]` on a numpy Generator (spawn mutates the parent's
SeedSequence: n_children_spawned grows by one each call, so every child differs), then
`child.normal(size=(8, 4))`; (2) `BITGEN.advance(1000)` on a PCG64 (jumps the stream
ahead in place) followed by `GEN2.random()` which draws from that bit generator;
(3) `SS.spawn(1)` on a bare SeedSequence, whose child's `generate_state(2)` gives two
uint32s used as a tf stateless seed. Eager makes every call at every step. A runtime
that treats spawn/advance as pure (runs them once while building), or that only knows
how to replay `normal`/`random` draws, gives the same child every step or draws from
the un-advanced stream. Final states of all three are printed. Mechanism: numpy
Generator/BitGenerator/SeedSequence methods with hidden state changes."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1532)
rng = np.random.default_rng(1532)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)

PARENT = np.random.default_rng(2024)
BITGEN = np.random.PCG64(99)
GEN2 = np.random.Generator(BITGEN)
SS = np.random.SeedSequence(31337)


def train_step(x, y):
    child = PARENT.spawn(1)[0]
    noise = child.normal(size=(8, 4)).astype(np.float32) * 0.05
    BITGEN.advance(1000)
    scale = 1.0 + 0.1 * GEN2.random()
    seed_words = SS.spawn(1)[0].generate_state(2)
    seed = tf.constant([int(seed_words[0]) % 100000, int(seed_words[1]) % 100000], tf.int64)
    drop = tf.random.stateless_uniform((8, 1), seed=seed) > 0.2
    xa = (x + noise) * scale
    with tf.GradientTape() as tape:
        err = tf.where(drop, xa @ W - y, 0.0)
        loss = tf.reduce_mean(tf.square(err))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, scale, int(seed_words[0])


for step in range(28):
    i = (step * 8) % 56
    loss, scale, sw = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), round(scale, 6), sw)

print(json.dumps({
    "parent_spawned": PARENT.bit_generator.seed_seq.n_children_spawned,
    "ss_spawned": SS.n_children_spawned,
    "bitgen_state": str(BITGEN.state["state"]["state"]),
    "parent_next": PARENT.random(),
    "W": [round(float(v), 6) for v in W.numpy().ravel()],
}))
