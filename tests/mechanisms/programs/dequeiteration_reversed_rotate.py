"""reversed() of the program's deque whose body rotates it at the last item: CPython's
reverse iterator stops before it checks for a mutation there, while a rotate at an
earlier item (from step 9) raises RuntimeError, which the step catches."""
import collections
import json
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(96)
rng = np.random.default_rng(96)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = rng.normal(size=(48, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
opt = keras.optimizers.SGD(0.02)
QUEUE = collections.deque([0, 8, 16, 24])


def train_step(at):
    seen = []
    with tf.GradientTape() as tape:
        loss = tf.constant(0.0)
        try:
            for i, o in enumerate(reversed(QUEUE)):
                seen.append(o)
                loss = loss + tf.reduce_mean(tf.square(XS[o:o + 4] @ W - YS[o:o + 4]))
                if i == at:
                    QUEUE.rotate(1)
        except RuntimeError:
            seen.append("mutated")
    g = tape.gradient(loss, W)
    opt.apply_gradients([(g, W)])
    return loss, seen


for step in range(20):
    loss, seen = train_step(3 if step < 9 else 1)
    print(step, repr(float(loss)), seen, list(QUEUE))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "queue": list(QUEUE)}))
