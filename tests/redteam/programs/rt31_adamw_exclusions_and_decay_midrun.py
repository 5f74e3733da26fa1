"""AdamW fine-tune in a co-executed step (zlib.crc32 of the batch).  At step 9 the
loop calls opt.exclude_from_weight_decay(var_names=["bias"]); at step 14 it sets
opt.weight_decay = 0.2; at step 19 it excludes the second layer's kernel by
variable (var_list=[...]); at step 25 weight_decay = None.  Probes: weight-decay
settings (sets of names and variable ids Keras keeps) edited after the optimizer
site was built."""
import random

import numpy

random.seed(51)
numpy.random.seed(51)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5101)
rng = np.random.default_rng(5101)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS.sum(axis=1, keepdims=True) > 0).astype(np.float32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"),
                          keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.AdamW(0.02, weight_decay=0.05)
crcs = []


def train_step(x, y):
    crcs.append(zlib.crc32(x.tobytes()) % 3333)
    with tf.GradientTape() as tape:
        loss = bce(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 9:
        opt.exclude_from_weight_decay(var_names=["bias"])
    if step == 14:
        opt.weight_decay = 0.2
    if step == 19:
        opt.exclude_from_weight_decay(var_list=[model.layers[1].kernel])
    if step == 25:
        opt.weight_decay = None
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), [repr(float(tf.reduce_sum(tf.abs(v)))) for v in model.trainable_variables])

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "crcs": crcs[-3:],
}))
