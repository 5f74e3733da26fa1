"""The step calls the program's tf.function (a Jacobian-free MLP loss with a Python list
append in its body that runs only when tracing) and prints
fn.experimental_get_tracing_count() and the number of body runs each step.  Batch size
alternates between two values from step 8, so eager traces twice then reuses; a janus
graph that passes a shape-relaxed (None) tensor would trace a third signature.  Probes:
the program's tf.function's trace cache as the program can read it."""
import random

import numpy

random.seed(18)
numpy.random.seed(18)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1818)
rng = np.random.default_rng(1818)
XS = rng.normal(size=(300, 4)).astype(np.float32)
YS = rng.normal(size=(300, 1)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.Adam(learning_rate=0.01)
BODY = []


@tf.function
def fwd(x):
    BODY.append(int(x.shape[0]) if x.shape[0] is not None else -1)
    return tf.nn.relu(x @ W1) @ W2


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(fwd(x) - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    B = 8 if step < 8 or step % 2 == 0 else 5
    i = (step * 8) % 280
    loss = train_step(tf.constant(XS[i:i + B]), tf.constant(YS[i:i + B]))
    print(step, repr(float(loss)), fwd.experimental_get_tracing_count(), BODY)

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "opt": [repr(float(np.sum(v.numpy()))) for v in OPT.variables],
    "body": BODY,
}))
