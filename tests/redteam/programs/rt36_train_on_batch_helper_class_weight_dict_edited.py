"""The loop's step is a helper around Keras' `model.train_on_batch(x, y,
class_weight=CW, return_dict=True)`: Keras turns the class_weight dict into per-sample
weights in Python (`data_adapter_utils.class_weight_to_sample_weights`, reading the
dict's keys and values at every call) and then runs its own tf.function train step;
the returned logs are numpy values converted to Python floats.  The helper runs TF
ops in every call, so janus may take it over as hot code.  At step 9 the loop edits
CW[1] in place (2.0 -> 0.5), at step 18 adds weight for class 2 by CW[2] = 3.0, and at
step 24 calls `model.metrics[1].reset_state()`-like reset through
`model.reset_metrics()`."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(36)
numpy.random.seed(36)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3618)
rng = np.random.default_rng(3618)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.argmax(XS[:, :3], axis=1)).astype(np.int32)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(3)])
MODEL.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
CW = {0: 1.0, 1: 2.0, 2: 1.0}


def train_step(x, y):
    logs = MODEL.train_on_batch(x, y, class_weight=CW, return_dict=True)
    return float(logs["loss"]), float(logs["accuracy"])


for step in range(30):
    if step == 9:
        CW[1] = 0.5
    if step == 18:
        CW[2] = 3.0
    if step == 24:
        MODEL.reset_metrics()
    i = (step * 8) % 56
    loss, acc = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, loss.hex(), acc.hex(), sorted(CW.items()))

print(json.dumps({
    "k0": [float(v).hex() for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k1": [float(v).hex() for v in MODEL.layers[1].kernel.numpy().ravel()[:6]],
    "iters": int(MODEL.optimizer.iterations),
}))
