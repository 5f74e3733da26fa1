"""Gradient clipping with logging as people write it: the step clips with
`tf.clip_by_global_norm(grads, CLIP)`, and when the raw norm exceeds CLIP (an `if` on
the norm tensor) logs a warning through a `logging` logger whose handler writes to
stdout with a format naming the function and line, and counts clipped steps in a dict
item of the trainer (`self.clipped += 1`).  The step returns a log dict of a
float, an int, a bool, a tensor and a float read from a variable item, which the loop prints with format
specs (`:.5f`, `:>4d`, `!r`, `:.3e`).  tf.print and sys.stdout.write are interleaved.
CLIP changes at call 12 and 20.  Probes: logging inside an arm, attribute writes in an arm, a dict item written after it, mixed-type log dicts formatted."""
import logging
import random
import sys

import numpy

random.seed(3920)
numpy.random.seed(3920)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3920)
rng = np.random.default_rng(3920)
XS = rng.normal(size=(96, 5)).astype(np.float32) * 2.0
YS = np.sin(2.0 * XS @ rng.normal(size=(5, 1))).astype(np.float32)

LOG = logging.getLogger("trainer")
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("%(levelname)s:%(funcName)s:%(lineno)d:%(message)s"))
LOG.addHandler(_h)
LOG.setLevel(logging.INFO)
LOG.propagate = False
CLIP = 0.8


class Trainer:
    def __init__(self):
        self.model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="tanh"),
                                       keras.layers.Dense(1)])
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.stats = {"clipped": 0, "steps": 0}
        self.clipped = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        grads = tape.gradient(loss, self.model.trainable_variables)
        clipped, norm = tf.clip_by_global_norm(grads, CLIP)
        if norm > CLIP:
            LOG.warning("clipped norm %.5f to %.2f", float(norm), CLIP)
            self.clipped += 1
        self.opt.apply_gradients(zip(clipped, self.model.trainable_variables))
        self.stats["steps"] += 1
        sys.stdout.write(f"  wrote step {self.stats['steps']}\n")
        tf.print("  tfprint loss", loss)
        return {"loss": float(loss), "n": self.stats["steps"], "was_clipped": bool(norm > CLIP),
                "norm": norm, "w0": float(tf.convert_to_tensor(self.model.layers[0].kernel)[0, 0]), "clipped": self.clipped}


TR = Trainer()
for step in range(28):
    if step == 12:
        CLIP = 2.5
    if step == 20:
        CLIP = 0.3
    i = (step * 16) % 80
    logs = TR.step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(f"{step:>3d} loss={logs['loss']:.5f} n={logs['n']:>4d} clip={logs['was_clipped']!r} "
          f"norm={float(logs['norm']):.3e} w0={logs['w0']:.6f} {type(logs['w0']).__name__} "
          f"stats={TR.stats} clipped={logs['clipped']}")

for v in TR.model.weights:
    print(v.path, v.numpy().ravel()[:6].tolist())
print("stats", TR.stats, int(TR.opt.iterations))
