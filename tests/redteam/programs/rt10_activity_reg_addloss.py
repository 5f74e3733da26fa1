"""Losses Keras records during a co-executed layer call: a Dense with an activity
regularizer and a program layer that calls self.add_loss() with a term of its weights and
input, read back through model.losses after the call and added to the loss under the tape
(eager: tensors on the tape's path, differentiated). The regularizer's factor is changed in
place (`reg.l2 = ...`, step 11), the add_loss layer's coefficient attribute changes (step 17)
and the regularizer is removed (step 23). A kernel_regularizer is included as well. crc32
keeps the step interpreted."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2929)
rng = np.random.default_rng(2929)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")


class Penalized(keras.layers.Layer):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.coef = 0.1

    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 3), initializer="glorot_uniform", name="w")

    def call(self, x):
        out = tf.nn.relu(tf.matmul(x, self.w))
        self.add_loss(self.coef * tf.reduce_mean(tf.square(out)) + 0.01 * tf.reduce_sum(tf.abs(self.w)))
        return out


REG = keras.regularizers.L2(0.05)
model = keras.Sequential([
    keras.layers.Dense(5, activation="tanh", activity_regularizer=REG,
                       kernel_regularizer=keras.regularizers.L1(0.01)),
    Penalized(),
    keras.layers.Dense(1),
])
model(X[:2])


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = model(x)
        extra = model.losses
        task = tf.reduce_mean(tf.square(p - y))
        loss = task + tf.add_n(extra) if extra else task
    crc = zlib.crc32(p.numpy().tobytes()) % 919
    grads = tape.gradient(loss, model.trainable_variables)
    for v, g in zip(model.trainable_variables, grads):
        v.assign_sub(0.05 * g)
    return loss, task, [repr(float(e)) for e in extra], grads, crc


for step in range(30):
    if step == 11:
        REG.l2 = 0.5
    if step == 17:
        model.layers[1].coef = 1.0
    if step == 23:
        model.layers[0].activity_regularizer = None
    i = (step * 8) % 88
    loss, task, extra, grads, crc = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), repr(float(task)), extra, crc, len(model.losses))
    print("  g", flat(grads[0])[:6], flat(grads[2])[:6])

print(json.dumps({"vars": [flat(v) for v in model.weights]}))
