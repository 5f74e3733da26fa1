"""The training step runs in a single worker thread (ThreadPoolExecutor(1), each call
waited for), while the main thread holds a tf.name_scope("main") and a persistent
GradientTape open around the loop.  TF's eager context (current name scope, tape
stack) is thread-local: inside the worker the step sees tf.get_current_name_scope()
== "" and the main thread's tape records nothing of the worker's ops.  The step also
enters tf.name_scope("inner") and records the scope string.  After the loop the main
tape is asked for the gradient of the last loss (None eagerly).  Probes: janus'
reading of thread-local TF state when the step runs off the main thread."""
import random

import numpy

random.seed(3440)
numpy.random.seed(3440)

from concurrent.futures import ThreadPoolExecutor

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3440)
rng = np.random.default_rng(3440)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS @ np.array([[0.4], [0.1], [-0.7], [0.3]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
SCOPES = []


def train_step(x, y):
    outer = tf.get_current_name_scope()
    with tf.name_scope("inner") as s:
        SCOPES.append((outer, s, tf.executing_eagerly()))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss


POOL = ThreadPoolExecutor(max_workers=1)
last = None
with tf.name_scope("main"):
    with tf.GradientTape(persistent=True) as main_tape:
        for step in range(30):
            i = (step * 8) % 72
            last = POOL.submit(train_step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])).result()
            print(step, float(last).hex(), SCOPES[-1])
g_main = main_tape.gradient(last, W)
print("main tape gradient is None:", g_main is None)
print("scopes", sorted(set(SCOPES)))
print("w", [float(v).hex() for v in W.numpy().ravel()])
POOL.shutdown()
del POOL, main_tape, g_main, last
