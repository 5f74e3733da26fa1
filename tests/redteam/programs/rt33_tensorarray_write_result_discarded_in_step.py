"""The step collects per-head outputs in a tf.TensorArray of fixed size and known element
shape, calling `ta.write(i, v)` in a Python loop *without* rebinding `ta` (eager's
TensorArray is a Python list that write() changes in place and returns itself; a graph
TensorArray's write returns a new array and leaves the old one unwritten).  It then
stacks the array for the loss.  Probes: library objects whose eager and graph
implementations differ in mutation semantics."""
import random
import numpy
random.seed(21)
numpy.random.seed(21)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3321)
rng = np.random.default_rng(3321)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.5).astype(np.float32)
HEADS = [tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2) for _ in range(3)]
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        ta = tf.TensorArray(tf.float32, size=3, element_shape=[8, 1])
        for i, h in enumerate(HEADS):
            ta.write(i, x @ h)
        outs = ta.stack()
        loss = tf.reduce_mean(tf.square(tf.reduce_mean(outs, axis=0) - y))
    g = tape.gradient(loss, HEADS)
    g = [tf.zeros_like(h) if gi is None else gi for gi, h in zip(g, HEADS)]
    OPT.apply_gradients(zip(g, HEADS))
    return loss, tf.reduce_sum(tf.abs(outs))


for step in range(30):
    i = (step * 8) % 56
    loss, s = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), float(s).hex())

print("heads", [float(tf.reduce_sum(h)).hex() for h in HEADS])
