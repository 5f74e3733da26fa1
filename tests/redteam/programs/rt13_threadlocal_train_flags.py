"""Per-thread training flags kept on a threading.local() object.

Trainer code that may run from several threads keeps its switches on a
`threading.local()` (Keras does the same for its own global state).  The step reads
`FLAGS.dropout_rate` and `FLAGS.grad_scale` every call.  A `_thread._local` object has no
ordinary instance __dict__ slot: its attributes live in a per-thread dict that its C
getattro finds (`vars(FLAGS)` is the current thread's dict).  At step 9 the loop sets
`FLAGS.dropout_rate = 0.0` (turning dropout off, so no random numbers are drawn any more)
and at step 18 `FLAGS.grad_scale = 0.5`; at step 24 it replaces the whole thread's dict
contents through `vars(FLAGS).update(...)`.  Eager follows each change at the next call.
A graph whose guards look for the attribute in a static __dict__ (which this object does
not have) or that took the value once while building would keep dropout on and the old
gradient scale.  Probes: attribute reads on a C type with its own getattro
(threading.local), dropout seed consumption depending on a Python flag.
"""
import json
import threading

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1303)
rng = np.random.default_rng(1303)

XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = np.tanh(XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)

FLAGS = threading.local()
FLAGS.dropout_rate = 0.25
FLAGS.grad_scale = 1.0

W1 = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        if FLAGS.dropout_rate > 0.0:
            h = tf.nn.dropout(h, rate=FLAGS.dropout_rate)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    grads = [g * FLAGS.grad_scale for g in grads]
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 9:
        FLAGS.dropout_rate = 0.0
    if step == 18:
        FLAGS.grad_scale = 0.5
    if step == 24:
        vars(FLAGS).update({"dropout_rate": 0.1, "grad_scale": 2.0})
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), FLAGS.dropout_rate, FLAGS.grad_scale)

print(json.dumps({
    "flags": sorted(vars(FLAGS).items()),
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "next_uniform": repr(float(tf.random.uniform(()))),
}))
