"""The step makes tf.TensorArray(size=CAP) and unstacks a batch of 4 rows into it, then
normalises its loss by ta.size() and prints ta.size() and ta.element_shape.  Eagerly,
_EagerTensorArray.unstack replaces its Python list with the 4 rows, so size() is 4 and
element_shape stays as given (unknown); a graph's TensorList scatter keeps the declared
size CAP and infers the element shape (4 rows -> size 6 in a graph).  Reads of the first
rows are the same both ways, so only the normaliser and the printed size differ.  At
step 13 the global CAP changes from 6 to 9.  Probes: TensorArray semantics that differ
between eager's list implementation and the graph's TensorList."""
import random

import numpy

random.seed(3704)
numpy.random.seed(3704)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3704)
rng = np.random.default_rng(3704)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = rng.normal(size=(64, 2)).astype(np.float32)
W = tf.Variable(rng.normal(size=(3, 2)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CAP = 6


def train_step(x, y):
    with tf.GradientTape() as tape:
        ta = tf.TensorArray(tf.float32, size=CAP)
        ta = ta.unstack(tf.square(x @ W - y))
        n = ta.size()
        total = ta.read(0) + ta.read(1) + ta.read(2) + ta.read(3)
        loss = tf.reduce_sum(total) / tf.cast(n, tf.float32)
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, int(n), str(ta.element_shape)


for step in range(28):
    if step == 13:
        CAP = 9
    j = (step * 4) % 60
    loss, n, es = train_step(tf.constant(XS[j:j + 4]), tf.constant(YS[j:j + 4]))
    print(step, float(loss).hex(), n, es)

print("final", [float(v).hex() for v in W.numpy().ravel()], CAP)
