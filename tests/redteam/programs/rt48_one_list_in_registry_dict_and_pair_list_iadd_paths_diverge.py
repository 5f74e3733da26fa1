"""One history list held in two containers and an attribute: `REG["hist"]`, both
slots of `PAIR = [H, H]`, and `tr.hist`.  The step extends it through each path in turn
(`REG["hist"] += [v]`, `PAIR[1] += [step]`, `self.hist += ["t"]`) and reads
`len(PAIR[0])` and `REG["hist"][-2]` in between, so each `+=` must see the others.  The
loop makes the paths diverge: at step 9 `REG["hist"] = []` (a new list for that path
only), at step 15 `PAIR[0] = REG["hist"]`, at step 21 `tr.hist = REG["hist"]` and at step 26
all three rejoined on a fresh list.  Prints lengths and identity checks after every
step.  Probes: `+=` through several paths to the same list object, and the paths
rebound between calls."""
import random

import numpy

random.seed(4827)
numpy.random.seed(4827)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4827)
rng = np.random.default_rng(4827)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, 3:] - XS[:, :1] * 0.5).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.3)

H = []
REG = {"hist": H}
PAIR = [H, H]


class Trainer:
    def __init__(self):
        self.hist = H

    def train_step(self, x, y, step):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        grads = tape.gradient(loss, MODEL.trainable_variables)
        OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
        v = float(loss)
        REG["hist"] += [v]
        n0 = len(PAIR[0])
        PAIR[1] += [step]
        prev = REG["hist"][-2] if len(REG["hist"]) >= 2 else None
        self.hist += ["t"]
        n1 = len(self.hist)
        return loss, n0, prev, n1


tr = Trainer()
lists = [H]
for step in range(30):
    if step == 9:
        REG["hist"] = []
        lists.append(REG["hist"])
    if step == 15:
        PAIR[0] = REG["hist"]
    if step == 21:
        tr.hist = REG["hist"]
    if step == 26:
        fresh = []
        lists.append(fresh)
        REG["hist"] = PAIR[0] = PAIR[1] = tr.hist = fresh
    i = (step * 8) % 56
    loss, n0, prev, n1 = tr.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), n0, prev if not isinstance(prev, float) else repr(prev), n1, [len(l) for l in lists],
          REG["hist"] is PAIR[0], PAIR[0] is PAIR[1], PAIR[1] is tr.hist, [l[-1] if l and not isinstance(l[-1], float) else "f" for l in lists])

print(json.dumps({"lists": [[repr(v) if isinstance(v, float) else v for v in l[-5:]] for l in lists],
                  "w": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
