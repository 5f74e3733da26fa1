"""A helper janus takes over (train_step refused: model-probability draw and crc32) calls a
Keras model whose layers add losses (an activity regularizer, a kernel regularizer, and a
custom layer's self.add_loss of a KL-like term) under train_step's tape; train_step then adds
sum(MODEL.losses) to its loss. Janus replays the layers' _losses at commit with the graph's
values: those tensors must be the outputs the tape's records name, or the regularisers'
gradients vanish. Printed: the losses, their count, gradients per variable."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(261)
rng = np.random.default_rng(261)
XS = rng.normal(size=(120, 4)).astype(np.float32)
YS = rng.normal(size=(120, 1)).astype(np.float32)


class KLLayer(keras.layers.Layer):
    def build(self, shape):
        self.mu = self.add_weight(shape=(shape[-1],), initializer="zeros", name="mu")

    def call(self, x):
        z = x + self.mu
        self.add_loss(0.01 * tf.reduce_mean(tf.square(z)) + 0.001 * tf.reduce_sum(tf.exp(self.mu)))
        return z


MODEL = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(6, activation="tanh", activity_regularizer=keras.regularizers.L2(0.01),
                       kernel_regularizer=keras.regularizers.L1(0.001)),
    KLLayer(),
    keras.layers.Dense(1),
])
PICK = np.random.default_rng(27)


def run_model(x):
    return MODEL(x, training=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = run_model(x)
        reg = tf.add_n(MODEL.losses)
        loss = tf.reduce_mean(tf.square(out - y)) + reg
    grads = tape.gradient(loss, MODEL.trainable_variables)
    nl = len(MODEL.losses)
    p = tf.nn.softmax(tf.reshape(out, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in grads))
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(0.05 * g)
    return loss, reg, nl, grads, pick, crc


for step in range(30):
    i = (step * 4) % 110
    loss, reg, nl, grads, pick, crc = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(reg)), nl, pick, crc,
          [repr(float(t)) for t in MODEL.losses])
    print("   ", [g.numpy().ravel().tolist()[:3] for g in grads])

print(json.dumps([[v.path, float(np.sum(v.numpy()))] for v in MODEL.weights]))
