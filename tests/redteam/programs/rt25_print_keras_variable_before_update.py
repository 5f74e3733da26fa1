"""The step prints the optimizer's iteration counter and a layer's bias before it
applies the gradients: `print("before", OPT.iterations)` and `print(DENSE.bias)`.
These are Keras 3 Variables (keras.Variable, not tf.Variable); their repr reads the
current value, so eager shows the values from *before* this step's update.  At step 10
the loop assigns the counter and the bias directly (OPT.iterations.assign(100),
DENSE.bias.assign(...)).  Probes: printing a Keras Variable inside a converted step,
whose print is replayed after the graph (and the updates) ran."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2506)
rng = np.random.default_rng(2506)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) + 0.5).astype(np.float32)
DENSE = keras.layers.Dense(1)
DENSE.build((None, 4))
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    print("before", OPT.iterations)
    print("bias", DENSE.bias)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(DENSE(x) - y))
    grads = tape.gradient(loss, DENSE.trainable_variables)
    OPT.apply_gradients(zip(grads, DENSE.trainable_variables))
    return loss


for step in range(20):
    if step == 10:
        OPT.iterations.assign(100)
        DENSE.bias.assign([0.25])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"kernel": [repr(float(v)) for v in DENSE.kernel.numpy().ravel()],
                  "bias": repr(float(DENSE.bias.numpy()[0])),
                  "iterations": int(OPT.iterations.numpy())}))
