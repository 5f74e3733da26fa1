"""Per-example feature engineering with keras.ops.vectorized_map inside the training
step (Keras' TF backend hands it to tf.vectorized_map, which eagerly runs its body as a
tf.function of its own, with TF's graph rewrites): each example is mapped to
[x, softplus(x) - x*sign(x), log1p(exp(-|x|))] features before a Dense model, under the
step's tape.  At step 12 a Python global SCALE multiplies the features.  Probes:
Keras' wrapper of tf.vectorized_map under a converted step (eager's floats, or a
refusal like tf.vectorized_map's)."""
import random

import numpy

random.seed(76)
numpy.random.seed(76)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7601)
rng = np.random.default_rng(7601)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] > XS[:, 1:2]).astype(np.float32)
model = keras.Sequential([keras.Input((12,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
bce = keras.losses.BinaryCrossentropy(from_logits=True)
SCALE = 1.0


def feats(x):
    return keras.ops.concatenate([x, keras.ops.softplus(x) - x * keras.ops.sign(x),
                                  keras.ops.log1p(keras.ops.exp(-keras.ops.abs(x)))]) * SCALE


def train_step(x, y):
    with tf.GradientTape() as tape:
        f = keras.ops.vectorized_map(feats, x)
        loss = bce(y, model(f))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.reduce_sum(f)


for step in range(30):
    if step == 12:
        SCALE = 0.5
    i = (step * 8) % 56
    loss, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(s)), repr(float(model.layers[0].bias.numpy()[0])))

print(json.dumps({
    "k0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:8]],
    "b0": [repr(float(v)) for v in model.layers[0].bias.numpy().ravel()],
}))
