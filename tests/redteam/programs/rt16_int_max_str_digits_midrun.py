"""The run is tagged with the last digits of a huge integer fingerprint RUN_ID (7**6000,
about 5070 digits): the step does `str(RUN_ID)[-6:]` inside try/except ValueError and
falls back to a hash-based tag.  The program starts with the int->str digit limit
disabled (sys.set_int_max_str_digits(0)); at step 12 it restores CPython's safety
default (4300), and at step 22 disables it again.  From step 12 to 21, str(RUN_ID)
raises ValueError in eager, the handler runs and the step also uses a different loss
weight.  RUN_ID never changes, so a graph that converted it to text while building would
keep returning the old tag without raising.  Probes: interpreter configuration (the
int/str conversion limit) that builtins read at call time."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1622)
rng = np.random.default_rng(1622)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS[:, 1:2] * 0.8 + 0.1).astype(np.float32)
W = tf.Variable(tf.zeros([5, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.05)

sys.set_int_max_str_digits(0)
RUN_ID = 7 ** 6000
TAGS = []


def train_step(x, y):
    try:
        tag = str(RUN_ID)[-6:]
        weight = 1.0
    except ValueError:
        tag = "h" + format(RUN_ID % 1000003, "06d")
        weight = 0.5
    with tf.GradientTape() as tape:
        loss = weight * tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    TAGS.append(tag)
    print(f"tag {tag} weight {weight}")
    return loss


for step in range(30):
    if step == 12:
        sys.set_int_max_str_digits(4300)
    if step == 22:
        sys.set_int_max_str_digits(0)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "tags": sorted(set(TAGS)),
    "tag_counts": {t: TAGS.count(t) for t in sorted(set(TAGS))},
    "limit": sys.get_int_max_str_digits(),
}))
