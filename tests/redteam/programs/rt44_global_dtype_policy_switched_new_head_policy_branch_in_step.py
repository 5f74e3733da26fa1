"""A mixed-precision switch mid-run: the step asks
`keras.config.dtype_policy().name` and the head layer's `compute_dtype`, and when the
head computes in a low-precision dtype it casts the head's output to float32 before the
loss and scales the loss by LOSS_SCALE (dividing the gradients back), as hand-written
mixed-precision loops do.  At step 12 the program calls
keras.config.set_dtype_policy("mixed_bfloat16") and builds a new head layer (HEAD is
rebound) and a new optimizer (OPT is rebound), which then computes in bfloat16; at step 22 it switches the policy back to
float32 and rebuilds the head and optimizer again.  The step prints the policy name it saw.  Probes:
Keras' global dtype policy and a layer's compute dtype read in the step and changed
between converted steps."""
import random

import numpy

random.seed(44)
numpy.random.seed(44)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4425)
rng = np.random.default_rng(4425)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[0.5], [-0.5]], np.float32)).astype(np.float32)
BODY = keras.layers.Dense(8, activation="tanh")
BODY.build((None, 6))
HEAD = keras.layers.Dense(1)
HEAD.build((None, 8))
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOSS_SCALE = 128.0


def train_step(x, y):
    policy = keras.config.dtype_policy().name
    low = HEAD.compute_dtype != "float32"
    with tf.GradientTape() as tape:
        out = HEAD(BODY(x))
        if low:
            out = tf.cast(out, tf.float32)
        loss = tf.reduce_mean(tf.square(out - y))
        scaled = loss * LOSS_SCALE if low else loss
    variables = BODY.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(scaled, variables)
    if low:
        grads = [g / LOSS_SCALE for g in grads]
    OPT.apply_gradients(zip(grads, variables))
    print("policy", policy, HEAD.compute_dtype, low)
    return loss


for step in range(30):
    if step == 12:
        keras.config.set_dtype_policy("mixed_bfloat16")
        HEAD = keras.layers.Dense(1)
        HEAD.build((None, 8))
        OPT = keras.optimizers.SGD(learning_rate=0.05)
    if step == 22:
        keras.config.set_dtype_policy("float32")
        HEAD = keras.layers.Dense(1)
        HEAD.build((None, 8))
        OPT = keras.optimizers.SGD(learning_rate=0.05)
    i = (step * 8) % 120
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(BODY.kernel.numpy()[0, 0])))

print(json.dumps({"body": [repr(float(v)) for v in BODY.kernel.numpy().ravel()[:8]]}))
