"""Dropout as a co-execution site. With training=False (or rate 0) Keras' Dropout returns
its input object itself, so eager's `out is x` is True; with training=True it draws from
the layer's own SeedGenerator (a state variable the site must advance). The training flag
follows a pattern, the rate changes at steps 11 (0.0), 15 (0.5) and noise_shape at 20; an
Identity layer and Activation('linear') also return their input. np.random.choice on the
model's probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(505)
rng = np.random.default_rng(505)
X = rng.normal(size=(96, 6)).astype("float32")
Y = rng.integers(0, 4, size=(96,)).astype("int32")

DROP = keras.layers.Dropout(0.3)
IDENT = keras.layers.Identity()
LIN = keras.layers.Activation("linear")
D1 = keras.layers.Dense(6, activation="relu")
HEAD = keras.layers.Dense(4)
D1.build((None, 6))
HEAD.build((None, 6))
VARS = D1.trainable_variables + HEAD.trainable_variables
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
SEEN = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, training):
    with tf.GradientTape() as tape:
        h = D1(x)
        d = DROP(h, training=training)
        same_drop = d is h
        e = IDENT(d)
        f = LIN(e)
        logits = HEAD(f)
        loss = LOSS(y, logits)
    SEEN.append((same_drop, e is d, f is e))
    probs = tf.nn.softmax(logits).numpy().astype(np.float64)[1]
    a = int(np.random.choice(4, p=probs / probs.sum()))
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.1 * g)
    return loss, d, grads, a


for step in range(33):
    training = (step % 3) != 1
    if step == 11:
        DROP.rate = 0.0
    if step == 15:
        DROP.rate = 0.5
    if step == 20:
        DROP.noise_shape = (1, 6)
    i = (step * 8) % 88
    loss, d, grads, a = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), training)
    print(step, training, repr(float(loss)), a, SEEN[-1])
    print("  d0", flat(d[0]), "seed", flat(DROP.seed_generator.state))
    print("  g", flat(grads[1]))

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for v in VARS],
                  "seed": flat(DROP.seed_generator.state), "seen": SEEN}))
