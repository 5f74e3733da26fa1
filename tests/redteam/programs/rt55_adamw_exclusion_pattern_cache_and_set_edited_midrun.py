"""AdamW with weight decay; Keras decides per variable whether to decay it through
`_use_weight_decay`, which first consults the optimizer's cache dict
`_exclude_from_weight_decay_cache` (filled at the first call), then its exclusion set
and name pattern.  Between calls the loop sets a name pattern excluding biases without
clearing the cache (step 7: eager's cache still answers, nothing changes), clears the
cache (step 12: biases are no longer decayed), adds the output kernel's key to the
exclusion set in place and clears the cache again (step 18), and removes the pattern
and raises weight_decay (step 24, cache cleared).
Probes: a dict and a set a Keras optimizer holds, read (and the dict refilled) by
library code while the step runs, edited in place between converted calls; an
attribute whose change eager's cache hides."""
import random

import numpy

random.seed(5522)
numpy.random.seed(5522)

import json
import re

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5522)
rng = np.random.default_rng(5522)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) + 3.0).astype(np.float32)

MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.AdamW(learning_rate=0.02, weight_decay=0.2)
OPT.exclude_from_weight_decay(var_list=[], var_names=[])


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    if step == 7:
        OPT._exclude_from_weight_decay_pattern = re.compile("bias")
    if step == 12:
        OPT._exclude_from_weight_decay_cache.clear()
    if step == 18:
        OPT._exclude_from_weight_decay.add(OPT._var_key(MODEL.layers[-1].kernel))
        OPT._exclude_from_weight_decay_cache.clear()
    if step == 24:
        OPT._exclude_from_weight_decay_pattern = None
        OPT.weight_decay = 0.5
        OPT._exclude_from_weight_decay_cache.clear()
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), sorted(OPT._exclude_from_weight_decay_cache.values()),
          repr(float(MODEL.layers[-1].bias.numpy()[0])))

print(json.dumps({"b": [repr(float(t)) for t in MODEL.layers[0].bias.numpy().ravel()],
                  "w": [repr(float(t)) for t in MODEL.layers[-1].kernel.numpy().ravel()]}))
