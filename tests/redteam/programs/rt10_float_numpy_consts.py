"""Values taken out of tensors on the tape's path and used again as constants: float() of a
site's output mean scales the loss, .numpy() of a site's output is fed back into another
layer site (gradient cut there), int() of an argmax picks a column, tf.constant(h.numpy())
replaces a differentiable tensor, and a Python float from the previous step's loss is the
temperature of a Lambda site. Eager's gradient treats each as a constant. The step also
samples with np.random.choice on the probabilities (refused), so it is co-executed."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(2828)
rng = np.random.default_rng(2828)
X = rng.normal(size=(96, 4)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")

D1 = keras.layers.Dense(6, activation="tanh")
D2 = keras.layers.Dense(6, activation="relu")
HEAD = keras.layers.Dense(3)
TEMP = {"t": 1.0}
LAM = keras.layers.Lambda(lambda z: z / TEMP["t"])
for layer, n in ((D1, 4), (D2, 6), (HEAD, 6)):
    layer.build((None, n))
VARS = D1.trainable_variables + D2.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = D1(x)
        scale = float(tf.reduce_mean(tf.abs(h)))
        h_np = h.numpy()
        side = D2(h_np)
        main = D2(h)
        col = int(tf.argmax(tf.reduce_sum(main, axis=0)))
        frozen = tf.constant(main.numpy())
        logits = LAM(HEAD(main + 0.5 * side))
        loss = LOSS(y, logits) * scale + 0.1 * tf.reduce_mean(main[:, col]) + 0.01 * tf.reduce_sum(frozen * main)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.05 * g)
    TEMP["t"] = 0.5 + float(loss)
    return loss, grads, a, scale, col


for step in range(30):
    i = (step * 8) % 88
    loss, grads, a, scale, col = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), a, repr(scale), col, repr(TEMP["t"]))
    print("  g", flat(grads[0])[:6], flat(grads[3]), flat(grads[-1]))

print(json.dumps({"vars": [flat(v) for v in VARS]}))
