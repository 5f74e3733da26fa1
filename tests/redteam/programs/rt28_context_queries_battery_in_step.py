"""From step 15 (a flag the loop turns on) the step asks TF and Keras about the context it
runs in and prints the answers: tf.config.functions_run_eagerly(), tf.distribute.has_strategy(),
tf.distribute.in_cross_replica_context(), tf.get_current_name_scope(),
keras.backend.backend(), keras.config.floatx(), keras.config.image_data_format(),
tf.debugging.is_numeric_tensor(loss) and tf.is_symbolic_tensor(x).  Eager answers from
the eager context.  Probes: introspection of the graph/eager context inside the step."""
import random

import numpy

random.seed(2827)
numpy.random.seed(2827)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2827)
rng = np.random.default_rng(2827)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
REPORT = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    if REPORT:
        print("  run_eagerly", tf.config.functions_run_eagerly(),
              "strategy", tf.distribute.has_strategy(), tf.distribute.in_cross_replica_context())
        print("  scope", repr(tf.get_current_name_scope()), keras.backend.backend(),
              keras.config.floatx(), keras.config.image_data_format())
        print("  numeric", tf.debugging.is_numeric_tensor(loss), "symbolic", tf.is_symbolic_tensor(x))
    return loss


for step in range(30):
    if step == 15:
        REPORT = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
