"""An Adam optimizer built without weight decay; mid-run the loop turns decoupled
weight decay on and re-targets it: step 8 `OPT.weight_decay = 0.05` (Keras then asks
`_use_weight_decay(v)` per variable and memoises the answer in the optimizer's
`_exclude_from_weight_decay_cache` dict while the step runs), step 14
`OPT.exclude_from_weight_decay(var_names=["bias"])` (a new pattern and an empty cache;
Keras' "before build" check looks at an attribute the optimizer never sets, so this is
allowed), step 20 `OPT.exclude_from_weight_decay(var_list=[first kernel])`, step 26
`OPT.weight_decay = 0.2`, step 30 `OPT.weight_decay = None`.  Probes: optimizer
configuration that library code memoises into a dict of the optimizer during the step,
reset and re-filled between converted calls."""
import random

import numpy

random.seed(5626)
numpy.random.seed(5626)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5626)
rng = np.random.default_rng(5626)
XS = rng.normal(size=(144, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 3:4] + 0.7).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(34):
    if step == 8:
        OPT.weight_decay = 0.05
    if step == 14:
        OPT.exclude_from_weight_decay(var_names=["bias"])
    if step == 20:
        OPT.exclude_from_weight_decay(var_list=[MODEL.layers[0].kernel])
    if step == 26:
        OPT.weight_decay = 0.2
    if step == 30:
        OPT.weight_decay = None
    i = (step * 8) % 136
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    cache = getattr(OPT, "_exclude_from_weight_decay_cache", {})
    print(step, repr(float(loss)), sorted(cache.values()),
          repr(float(MODEL.layers[0].bias.numpy()[0])),
          repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({"k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "b0": [repr(float(v)) for v in MODEL.layers[0].bias.numpy()[:6]],
                  "k1": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()]}))
