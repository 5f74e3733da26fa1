"""Configuration objects whose lookups are stdlib *Python* code: collections.ChainMap,
argparse.Namespace (`in`, `vars()`, `getattr` with default, `hasattr`) and
collections.UserDict, all read inside train_step.

Research code keeps hyperparameters in `args = parser.parse_args()` and layered
`ChainMap(cli_overrides, defaults)`. The loop changes them from outside:
  step 11: OVERRIDES["lr"] = 0.02         (ChainMap's first map gains a key)
  step 15: ARGS.label_noise = 0.1          ("label_noise" in ARGS turns True; hasattr too)
  step 19: DEFAULTS["l2"] = 0.005          (visible through the ChainMap's second map)
  step 23: EXTRA.data["scale"] = 0.5       (UserDict's backing dict written directly)
  step 27: del OVERRIDES["lr"]             (falls back to DEFAULTS' lr)
  step 31: vars(ARGS)["clip"] = 0.05       (written through the instance __dict__)
ChainMap.__getitem__, Namespace.__contains__ and UserDict.__getitem__ are library Python
functions: a converter that runs them natively at build time without guarding what they
read freezes the old answers; lr, l2, noise, scale and clip then differ from eager.
"""
import argparse
import collections
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(817)

DEFAULTS = {"lr": 0.06, "l2": 0.0}
OVERRIDES = {}
HP = collections.ChainMap(OVERRIDES, DEFAULTS)
ARGS = argparse.Namespace(hidden=8, seed=817)
EXTRA = collections.UserDict(scale=1.0)

rng = np.random.default_rng(817)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1))).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, ARGS.hidden)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(ARGS.hidden, 1)).astype(np.float32) * 0.4)
NOISE = tf.constant(rng.normal(size=(64, 1)).astype(np.float32))


def train_step(x, y, i):
    lr = HP["lr"]
    l2 = HP.get("l2", 0.0)
    if "label_noise" in ARGS:
        y = y + ARGS.label_noise * NOISE[i:i + 8]
    noisy = hasattr(ARGS, "label_noise")
    clip = vars(ARGS).get("clip")
    scale = EXTRA["scale"]
    with tf.GradientTape() as tape:
        pred = scale * (tf.nn.relu(x @ W1) @ W2)
        loss = tf.reduce_mean(tf.square(pred - y)) + l2 * tf.reduce_sum(W1 * W1)
    g1, g2 = tape.gradient(loss, [W1, W2])
    if clip is not None:
        g1 = tf.clip_by_norm(g1, clip)
        g2 = tf.clip_by_norm(g2, clip)
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    print("  lr", repr(lr), "l2", repr(l2), "noisy", noisy, getattr(ARGS, "label_noise", None),
          "clip", clip, "scale", repr(scale), "maps", len(HP), sorted(HP))
    return loss


for step in range(36):
    if step == 11:
        OVERRIDES["lr"] = 0.02
    if step == 15:
        ARGS.label_noise = 0.1
    if step == 19:
        DEFAULTS["l2"] = 0.005
    if step == 23:
        EXTRA.data["scale"] = 0.5
    if step == 27:
        del OVERRIDES["lr"]
    if step == 31:
        vars(ARGS)["clip"] = 0.05
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), i)
    print(step, repr(float(loss)))

print("final", repr(float(tf.reduce_sum(W1))), repr(float(tf.reduce_sum(W2))))
print("state", dict(HP), ARGS, dict(EXTRA))
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
