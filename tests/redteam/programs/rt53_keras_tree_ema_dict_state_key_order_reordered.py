"""An EMA of the parameters kept as a global dict of tensors (not variables) and updated
in the step with `keras.tree.map_structure(ema_update, EMA, current)`, where `current`
is built in the order of a global key list.  keras.tree (optree) flattens dicts by
sorted key and gives back the first structure's insertion order; the step also
returns `keras.tree.flatten(EMA)[0]`.  The loop rebuilds EMA in reversed insertion
order at step 11, reverses the key list that `current` follows at step 17, and changes
the module-level DECAY the callback reads at step 23.  Probes: a module function called
back by keras.tree while the step runs, dict key order of a carried state dict and of a
dict the step builds (printed with `list()`), and a global read only in that callback."""
import random

import numpy

random.seed(547)
numpy.random.seed(547)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(547)
rng = np.random.default_rng(547)
XS = rng.normal(size=(160, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)

PARAMS = {"w": tf.Variable(tf.zeros((3, 1))), "b": tf.Variable(tf.zeros((1,))), "s": tf.Variable(1.0)}
KEYS = ["w", "b", "s"]
EMA = {k: tf.identity(v) for k, v in PARAMS.items()}
DECAY = 0.9
OPT = keras.optimizers.SGD(0.05)


def ema_update(old, new):
    return old * DECAY + new * (1.0 - DECAY)


def train_step(x, y):
    global EMA
    with tf.GradientTape() as tape:
        pred = (x @ PARAMS["w"] + PARAMS["b"]) * PARAMS["s"]
        loss = tf.reduce_mean(tf.square(pred - y))
    vs = list(PARAMS.values())
    OPT.apply_gradients(zip(tape.gradient(loss, vs), vs))
    current = {k: tf.identity(PARAMS[k]) for k in KEYS}
    EMA = keras.tree.map_structure(ema_update, EMA, current)
    return loss, keras.tree.flatten(EMA)[0], list(current)


for step in range(30):
    if step == 11:
        EMA = {k: EMA[k] for k in reversed(list(EMA))}
    if step == 17:
        KEYS.reverse()
    if step == 23:
        DECAY = 0.5
    i = (step * 8) % 152
    loss, first, cur_keys = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), list(EMA), cur_keys, repr(float(tf.reshape(first, [-1])[0])),
          repr(float(EMA["s"])))

print(json.dumps({k: [repr(float(x)) for x in np.ravel(v.numpy())] for k, v in EMA.items()}))
