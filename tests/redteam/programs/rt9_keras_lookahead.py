"""Keras in helpers under a persistent tape: a helper runs a small Keras model (Dense,
LayerNormalization, Dropout in training mode) and another computes Keras losses; train_step
(refused: model-probability draw and crc32) takes the gradient inside the tape's context, has
a third helper apply it with Keras Adam (variable writes under the recording tape), runs the
model again on the updated weights and takes the lookahead gradient of that second loss.
Eager's tape sees the reads after the update as new reads; printed: both losses, both
gradients, watched variables, optimizer state."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(181)
rng = np.random.default_rng(181)
XS = rng.normal(size=(120, 5)).astype(np.float32)
YS = rng.integers(0, 3, size=(120,))
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.LayerNormalization(), keras.layers.Dropout(0.2),
                          keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(0.01)
CCE = keras.losses.CategoricalCrossentropy(from_logits=True)
HUBER = keras.losses.Huber(delta=0.5)
PICK = np.random.default_rng(22)


def forward(x):
    return MODEL(x, training=True)


def losses(y, logits):
    return CCE(y, logits) + 0.1 * HUBER(y, tf.nn.softmax(logits))


def apply(grads):
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return OPT.iterations + 0


def train_step(x, y):
    with tf.GradientTape(persistent=True) as tape:
        logits = forward(x)
        loss = losses(y, logits)
        grads = tape.gradient(loss, MODEL.trainable_variables)
        it = apply(grads)
        logits2 = forward(x)
        loss2 = losses(y, logits2)
    g2 = tape.gradient(loss2, MODEL.trainable_variables)
    watched = len(tape.watched_variables())
    del tape
    p = tf.nn.softmax(tf.reshape(logits2, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in g2))
    OPT.apply_gradients(zip([g * 0.5 for g in g2], MODEL.trainable_variables))
    return loss, loss2, grads, g2, int(it), watched, pick, crc


for step in range(30):
    i = (step * 4) % 110
    x = tf.constant(XS[i:i + 8])
    y = tf.one_hot(YS[i:i + 8], 3)
    loss, loss2, g1, g2, it, watched, pick, crc = train_step(x, y)
    print(step, repr(float(loss)), repr(float(loss2)), it, watched, pick, crc)
    print("   g1", g1[0].numpy().ravel().tolist()[:4], g1[-1].numpy().tolist())
    print("   g2", g2[0].numpy().ravel().tolist()[:4], g2[-1].numpy().tolist())

print(json.dumps({"weights": [float(np.sum(w.numpy())) for w in MODEL.weights],
                  "iters": int(OPT.iterations.numpy()),
                  "opt_vars": [float(np.sum(v.numpy())) for v in OPT.variables[:6]]}))
