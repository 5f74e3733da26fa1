"""Noise-injection regularisation chosen per batch: with `tf.cond(loss_ema > THRESH,
noisy, clean)`, the noisy branch draws Gaussian input noise from a Keras SeedGenerator
(`keras.random.normal(shape, seed=SG)`) and applies a Keras Dropout layer in training
mode; the clean branch draws nothing.  Eagerly only the taken branch advances the
SeedGenerator's state and the Dropout layer's own generator, so the noise drawn at later
steps depends on how many noisy steps ran before.  THRESH changes at step 12 so that
both branches alternate after conversion.  The caller prints the generator state at the
end.  Probes: stateful Keras seed generators advanced inside tf.cond branch lambdas."""
import random

import numpy

random.seed(4337)
numpy.random.seed(4337)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4337)
rng = np.random.default_rng(4337)
XS = rng.normal(size=(128, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(10, 1)).astype(np.float32) * 0.3)
SG = keras.random.SeedGenerator(seed=43)
DROP = keras.layers.Dropout(0.3, seed=7)
OPT = keras.optimizers.SGD(learning_rate=0.03)
THRESH = 100.0
EMA = [1.0]


def train_step(x, y):
    ema = tf.constant(EMA[0])

    def noisy():
        return DROP(x + 0.1 * keras.random.normal(tf.shape(x), seed=SG), training=True)

    def clean():
        return x

    xin = tf.cond(ema > THRESH, noisy, clean)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(xin @ W1) @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    EMA[0] = 0.7 * EMA[0] + 0.3 * float(loss)
    return loss, tf.reduce_sum(xin)


for step in range(30):
    if step == 12:
        THRESH = 0.9
    i = (step * 16) % 112
    loss, s = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), repr(float(s)), repr(EMA[0]))

print(json.dumps({
    "sg_state": [int(v) for v in keras.ops.convert_to_numpy(SG.state).ravel()],
    "drop_state": [int(v) for v in keras.ops.convert_to_numpy(DROP.seed_generator.state).ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
