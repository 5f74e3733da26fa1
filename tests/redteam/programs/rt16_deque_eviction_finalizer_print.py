"""A bounded probe window `collections.deque(maxlen=4)` holds Probe records the step
appends.  The loop registers a weakref.finalize on each record that prints "evicted
probe k" and bumps EVICTED.  Once the window is full, the step's `append` evicts the
oldest record, which dies inside the append: eager prints the eviction line *before* the
step's own "window ..." line, and the step's later read of EVICTED["n"] (used to pick
the gradient scale) already counts it.  A graph that defers the deque write to its
commit, and replays prints around it, shows the lines in another order and reads a stale
count.  Probes: object death from a deque eviction inside a converted step, its side
effects' ordering against the step's own output."""
import collections
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1602)
rng = np.random.default_rng(1602)

XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 2))).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
OPT = keras.optimizers.Adam(learning_rate=0.01)

WINDOW = collections.deque(maxlen=4)
EVICTED = {"n": 0}


class Probe:
    def __init__(self, step, loss):
        self.step = step
        self.loss = loss


def on_evict(step):
    EVICTED["n"] += 1
    print(f"  evicted probe {step}")


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    WINDOW.append(Probe(step, float(loss)))
    print(f"step {step} window {len(WINDOW)} evicted-so-far {EVICTED['n']}")
    scale = 0.5 if EVICTED["n"] % 2 else 1.0
    OPT.apply_gradients(zip([g * scale for g in grads], model.trainable_variables))
    return loss


for step in range(28):
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    weakref.finalize(WINDOW[-1], on_evict, step)
    print(step, repr(float(loss)))

print(json.dumps({
    "weights": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:8]],
    "evicted": EVICTED["n"],
    "window": [p.step for p in WINDOW],
    "window_loss_types": [type(p.loss).__name__ for p in WINDOW],
    "iterations": int(OPT.iterations.numpy()),
}))
