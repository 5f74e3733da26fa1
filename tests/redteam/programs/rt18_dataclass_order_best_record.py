"""Probes: `<` between order=True dataclass records holding graph-computed numbers.

The step keeps its best checkpoint as a frozen, ordered dataclass
Score(bucket, loss, step): `cand = Score(int(v * 4), v, n)` and
`if cand < BEST.score: BEST.score = cand`.  The comparison runs the dataclass's
generated __lt__, which compares the field tuples lexicographically: bucket first (ties
are common: the loss is quantised to quarters), then the loss itself.  The generated
method is code dataclasses compile from a string; the contract inlines a dataclass's
generated __eq__ and refuses "a user class's other operators".  From step 12 the loop
also rescales the targets, which changes how often the bucket ties."""
import dataclasses
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1828)
rng = np.random.default_rng(1828)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((5, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.02)


@dataclasses.dataclass(order=True, frozen=True)
class Score:
    bucket: int
    loss: float
    step: int


class Best:
    def __init__(self):
        self.score = Score(10 ** 6, float("inf"), -1)
        self.improved = 0


BEST = Best()
DATA = {"scale": 1.0}


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y * DATA["scale"]))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = float(loss)
    cand = Score(int(v * 4), v, n)
    if cand < BEST.score:
        BEST.score = cand
        BEST.improved += 1
    return loss


for step in range(30):
    if step == 12:
        DATA["scale"] = 0.3
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), BEST.score.bucket, repr(BEST.score.loss), BEST.score.step, BEST.improved)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "best": [BEST.score.bucket, repr(BEST.score.loss), BEST.score.step],
    "improved": BEST.improved,
    "best_type": type(BEST.score).__name__,
}))
