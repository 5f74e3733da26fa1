"""pairwise() over milestones, zip_longest() of the gradients with a shorter list of
clip values (fillvalue None: no clip), product() of a small grid of factors, compress()
and starmap() over per-layer settings; the loop edits the clip list mid-run."""
import itertools
import json
import operator
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(17)
W1 = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32))
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
MILESTONES = [0, 6, 12, 18]
CLIPS = [0.5]
ON = [1, 0]


def train_step(step, x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2))
    grads = tape.gradient(loss, [W1, W2])
    stage = sum(1 for lo, hi in itertools.pairwise(MILESTONES) if lo <= step < hi)
    grid = max(itertools.starmap(operator.mul, itertools.product((0.5, 1.0), (0.1, 0.2))))
    frozen = list(itertools.compress(["w1", "w2"], ON))
    for (g, clip), v in zip(itertools.zip_longest(grads, CLIPS), [W1, W2]):
        if clip is not None:
            g = tf.clip_by_value(g, -clip, clip)
        v.assign_sub(grid * g)
    return loss, stage, frozen


for i in range(24):
    if i == 9:
        CLIPS.append(0.1)
    loss, stage, frozen = train_step(i // 6 * 6, tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), stage, frozen)
print(json.dumps([repr(float(v)) for v in W2.numpy().ravel()]))
