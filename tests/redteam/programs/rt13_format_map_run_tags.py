"""Metric tags built with str.format_map over a run-context dict mutated in place.

The step names its loss with `TEMPLATE.format_map(RUN)` (TEMPLATE =
"{stage}/fold{fold}/loss"), logs the tag and uses it to look up a per-stage loss weight
in WEIGHTS.  `str.format_map` is a C method of an immutable str, but its argument is the
program's mutable dict: the method reads RUN's items itself, in C.  RUN is never
rebound; the loop edits it in place: `RUN["stage"] = "finetune"` at step 10 and
`RUN.update(fold=1)` at step 20.  Eager formats from the current items at every call, so
the tags change and the finetune weight (0.25) applies from step 10.  A build that ran
format_map on a dict it guarded by identity only (an argument of a C method of a
"pinned" string) would keep "pretrain/fold0/loss" and weight 1.0.  Probes: C methods of
immutable values run at build time with a mutable container argument (format_map).
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1321)
rng = np.random.default_rng(1321)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :3].sum(axis=1, keepdims=True) > 0).astype(np.float32)

TEMPLATE = "{stage}/fold{fold}/loss"
RUN = {"stage": "pretrain", "fold": 0}
WEIGHTS = {"pretrain/fold0/loss": 1.0, "finetune/fold0/loss": 0.25,
           "finetune/fold1/loss": 0.6}

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.1)
bce = keras.losses.BinaryCrossentropy(from_logits=True)
TAGS = []


def train_step(x, y):
    tag = TEMPLATE.format_map(RUN)
    weight = WEIGHTS.get(tag, 1.0)
    with tf.GradientTape() as tape:
        loss = bce(y, model(x, training=True))
        scaled = weight * loss
    grads = tape.gradient(scaled, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    TAGS.append(tag)
    return loss


for step in range(30):
    if step == 10:
        RUN["stage"] = "finetune"
    if step == 20:
        RUN.update(fold=1)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TAGS[-1])

print(json.dumps({
    "tag_counts": {t: TAGS.count(t) for t in sorted(set(TAGS))},
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
}))
