"""A regressor with Dropout and GaussianNoise between Dense layers, called with
training=True and the seeds fixed.  Mid-run the loop reconfigures the noise layers:
step 6 sets `DROP.noise_shape = (None, 1)` (one mask value per row), step 11 replaces
it by a program list `NS = [None, 12]`, step 15 edits that list in place (`NS[1] = 1`),
step 19 edits it again (`NS[0] = 1`: one mask for the whole batch), step 23 reseeds the
dropout's SeedGenerator through its state variable, step 27 sets `NOISE.stddev = 0.5`,
step 31 sets `DROP.noise_shape = None`.  Probes: a list held by a library object that
Keras' dropout code reads natively (None entries included), edited in place between
converted calls; seed-generator state assigned from outside."""
import random

import numpy

random.seed(5627)
numpy.random.seed(5627)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5627)
rng = np.random.default_rng(5627)
XS = rng.normal(size=(144, 5)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True) + XS[:, 4:5]).astype(np.float32)

DROP = keras.layers.Dropout(0.3, seed=4)
NOISE = keras.layers.GaussianNoise(0.1, seed=5)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(12, activation="relu"),
                          DROP, NOISE, keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.03, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


NS = [None, 12]
for step in range(34):
    if step == 6:
        DROP.noise_shape = (None, 1)
    if step == 11:
        DROP.noise_shape = NS
    if step == 15:
        NS[1] = 1
    if step == 19:
        NS[0] = 1
    if step == 23:
        DROP.seed_generator.state.assign(np.array([77, 0], np.int64))
    if step == 27:
        NOISE.stddev = 0.5
    if step == 31:
        DROP.noise_shape = None
    i = (step * 8) % 136
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), DROP.seed_generator.state.numpy().tolist(),
          repr(float(MODEL.layers[0].kernel.numpy()[0, 0])))

print(json.dumps({"k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()]}))
