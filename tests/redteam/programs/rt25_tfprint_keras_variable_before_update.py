"""The step traces its counters with tf.print before the update:
`tf.print("it", OPT.iterations, "b", DENSE.bias, output_stream=sys.stdout)`.  Both are
Keras 3 Variables; eager tf.print reads their values at that point, before
apply_gradients.  The soundness notes say tf.print is replayed at its place in the log
with a tf.Variable read where it was printed.  At step 10 the loop assigns both
variables.  Probes: tf.print of a keras.Variable (not a tf.Variable) in a converted
step."""
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2508)
rng = np.random.default_rng(2508)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)) - 0.3).astype(np.float32)
DENSE = keras.layers.Dense(1)
DENSE.build((None, 4))
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    tf.print("it", OPT.iterations, "b", DENSE.bias, output_stream=sys.stdout)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(DENSE(x) - y))
    grads = tape.gradient(loss, DENSE.trainable_variables)
    OPT.apply_gradients(zip(grads, DENSE.trainable_variables))
    return loss


for step in range(20):
    if step == 10:
        OPT.iterations.assign(50)
        DENSE.bias.assign([-1.0])
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"kernel": [repr(float(v)) for v in DENSE.kernel.numpy().ravel()],
                  "bias": repr(float(DENSE.bias.numpy()[0])),
                  "iterations": int(OPT.iterations.numpy())}))
