"""Noise-injection training with a stateful tf.random.Generator object (G =
tf.random.Generator.from_seed(...)): the step perturbs its inputs with G.normal(...)
and then branches in Python on a tensor that depends on the noisy loss (a "spike"
branch that scales the loss down).  For the first steps the loss never spikes, so a
speculating runtime would assume the branch; later it does.  A call whose assumption
fails after the draw must leave G's state as eager's single draw leaves it.  The loop
prints the loss, G's state and a draw from G between steps.  Probes: stateful
Generator ops (which write the generator's state variable) before a check that can
fail, and the generator state after fallbacks."""
import random

import numpy

random.seed(20)
numpy.random.seed(20)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4113)
rng = np.random.default_rng(4113)
XS = rng.normal(size=(80, 4)).astype(np.float32)
YS = (XS[:, :1] * 0.8).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
G = tf.random.Generator.from_seed(1234)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, sigma):
    xn = x + G.normal(tf.shape(x)) * sigma
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(xn @ W - y))
        spike = loss > 0.8
        if spike:
            loss = loss * 0.1
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    return loss, spike


for step in range(34):
    i = (step * 8) % 72
    sigma = 0.05 if step < 12 else 2.0
    loss, spike = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), sigma)
    st = G.state.numpy()
    print(step, repr(float(loss)), bool(spike), [int(v) for v in st])
    if step % 5 == 4:
        print("  peek", repr(float(G.uniform([]))))

print("W", [repr(float(v)) for v in W.numpy().ravel()], [int(v) for v in G.state.numpy()])
