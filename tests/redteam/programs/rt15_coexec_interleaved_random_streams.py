"""Probe: a co-executed step (an unknown C call in the middle: hashlib over
struct.pack of model outputs) whose Keras sites draw random numbers, interleaved with
random draws the interpreted step makes itself.

Sites: `model(x, training=True)` twice per step (two call instructions) and two loss
calls. The model holds a user layer that draws `tf.random.normal` (stateful op; its op
seed comes from TF's global-seed counter at each eager call) and a GaussianNoise layer
(Keras SeedGenerator, a variable it advances). Between the two model calls the
interpreted step draws `tf.random.uniform` (global seed counter again) and
`keras.random.uniform(..., seed=SG)` from the program's own SeedGenerator, and decides
with hashlib.sha256(struct.pack(...)) of the first outputs whether the second pass
sees flipped inputs. Eager consumes op seeds and generator states in exactly this
order; a site graph that takes its op seed at build time, or advances the
SeedGenerator in another order relative to the step's own draws, gives other numbers.
Mechanism: RNG stream ordering between co-executed graph sites and eager ops."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import hashlib
import json
import struct

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1531)
rng = np.random.default_rng(1531)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 0] > XS[:, 1]).astype(np.int32) + (XS[:, 2] > 0.8).astype(np.int32)
SG = keras.random.SeedGenerator(77)


class NoisyDense(keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.units = units

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], self.units), initializer="glorot_uniform")

    def call(self, x, training=None):
        if training:
            x = x + tf.random.normal(tf.shape(x), stddev=0.05)
        return tf.matmul(x, self.w)


model = keras.Sequential([keras.Input((4,)), NoisyDense(8), keras.layers.GaussianNoise(0.1),
                          keras.layers.Activation("tanh"), keras.layers.Dense(3)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(learning_rate=0.1)
FLIPS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        probs = tf.nn.softmax(logits)
        packed = struct.pack("8f", *np.asarray(probs[:, 0]).tolist())
        flip = hashlib.sha256(packed).digest()[0] % 2
        mask = tf.random.uniform((8, 1)) < 0.5
        jitter = keras.random.uniform((8, 4), minval=-0.05, maxval=0.05, seed=SG)
        x2 = tf.where(mask, x, -x) if flip else x * 0.9 + jitter
        logits2 = model(x2, training=True)
        loss = loss_fn(y, logits) + 0.5 * loss_fn(y, logits2)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    FLIPS.append(flip)
    return loss


for step in range(30):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), FLIPS[-1])

print(json.dumps({"flips": FLIPS, "sg_state": [int(v) for v in SG.state.numpy().ravel()],
                  "w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:8]],
                  "after": [round(float(v), 6) for v in tf.random.uniform((3,)).numpy()]}))
