"""Integer class targets are passed as shape (b,) until step 10, then as (b, 1), then back
at 20; keras.losses.sparse_categorical_crossentropy squeezes a trailing 1 only when the
static ranks say so.  The batch also varies (8, 7).  Probes: Keras' static-rank decisions
on targets whose shape changes between calls."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

NC = 3
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(NC)])
YI = ((np.abs(XS[:, 0]) * 2).astype(np.int32) % NC)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x)
        loss = tf.reduce_mean(keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(30):
    b = [8, 7][step % 2]
    i = (step * 8) % 56
    y = YI[i:i + b]
    if 10 <= step < 20:
        y = y[:, None]
    loss = train_step(tf.constant(XS[i:i + b]), tf.constant(y))
    print(step, float(loss).hex())


def summary():
    return {"k": hexs(MODEL.layers[-1].kernel.numpy())}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
