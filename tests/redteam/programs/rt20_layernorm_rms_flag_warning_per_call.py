"""Probes Keras layer flags edited mid-run whose effect includes a warning that Keras
issues at every call: `LayerNormalization.rms_scaling` (deprecated: `ops.layer_normalization`
calls `warnings.warn` each time it is passed True), `LayerNormalization.epsilon`, and
`GaussianNoise.stddev` going from 0.1 to 0 (no draw: the layer's SeedGenerator does not
move) and then to 0.2 and back to 0.

The loop sets `rms_scaling = True` at step 12 (the step runs inside
`warnings.catch_warnings(record=True)` with "always" from step 12 to 25, and the loop
prints how many warnings each call recorded), `stddev = 0.0` at step 16, `epsilon = 0.5`
at step 20, `stddev = 0.2` at step 22, `rms_scaling = False` at step 26 and
`stddev = 0.0` at step 32.  It prints
the SeedGenerator's state each step.

Eager warns at every call while rms_scaling is on (the rms path also leaves `beta`
without a gradient, which Keras' optimizer warns about), draws noise only while
stddev > 0, and follows epsilon.  A graph would warn only at its build, keep the first
flags, or move the seed state when it should not: warning counts, seed states, losses
and weights differ.
"""
import json
import random
import warnings

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2035)
random.seed(2035)
np.random.seed(2035)
rng = np.random.default_rng(2035)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1))).astype(np.float32)

NOISE = keras.layers.GaussianNoise(0.1, seed=7)
NORM = keras.layers.LayerNormalization()
MODEL = keras.Sequential([keras.Input((5,)), NOISE, keras.layers.Dense(6), NORM,
                          keras.layers.Activation("tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(40):
    if step == 12:
        NORM.rms_scaling = True
    if step == 16:
        NOISE.stddev = 0.0
    if step == 20:
        NORM.epsilon = 0.5
    if step == 22:
        NOISE.stddev = 0.2
    if step == 26:
        NORM.rms_scaling = False
    if step == 32:
        NOISE.stddev = 0.0
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if 12 <= step < 26:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loss = train_step(x, y)
        nwarn = len(caught)
    else:
        loss = train_step(x, y)
        nwarn = "-"
    seed_state = [int(v) for v in NOISE.seed_generator.state.numpy()]
    print(step, round(float(loss), 6), nwarn, seed_state)

print(json.dumps({
    "gamma": [round(float(v), 6) for v in NORM.gamma.numpy().ravel()],
    "out": [round(float(v), 6) for v in MODEL.layers[-1].kernel.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))
