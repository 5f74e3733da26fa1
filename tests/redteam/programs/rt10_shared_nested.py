"""A shared encoder submodel called at two co-execution sites: directly (`enc(x)`) and
inside a functional model with two named outputs returned as a dict (`full(x)`). The
encoder's trainable flag is turned off at step 11 and back on at 19, and a nested
Sequential inside it has one layer frozen at step 24. Gradients with respect to both
sites' variables, the dict's keys and output types are printed. np.random.choice on the
policy head's probabilities keeps the step interpreted."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1616)
rng = np.random.default_rng(1616)
X = rng.normal(size=(96, 5)).astype("float32")
YC = rng.integers(0, 3, size=(96,)).astype("int32")
YV = rng.normal(size=(96, 1)).astype("float32")

inner = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(6, activation="relu")], name="inner")
ein = keras.Input((5,))
enc = keras.Model(ein, inner(ein) + keras.layers.Dense(6)(ein), name="enc")
fin = keras.Input((5,))
z = enc(fin)
full = keras.Model(fin, {"policy": keras.layers.Dense(3, name="policy")(z),
                         "value": keras.layers.Dense(1, name="value")(z)}, name="full")
aux = keras.layers.Dense(1)
aux.build((None, 6))
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, yc, yv):
    vs = full.trainable_variables + aux.trainable_variables
    with tf.GradientTape() as tape:
        feats = enc(x)
        out = full(x)
        l_pol = LOSS(yc, out["policy"])
        l_val = tf.reduce_mean(tf.square(out["value"] - yv))
        l_aux = tf.reduce_mean(tf.square(aux(feats) - yv))
        loss = l_pol + 0.5 * l_val + 0.25 * l_aux
    p = tf.nn.softmax(out["policy"]).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g * (1 + a))
    return loss, grads, out, len(vs), a


for step in range(32):
    if step == 11:
        enc.trainable = False
    if step == 19:
        enc.trainable = True
    if step == 24:
        inner.layers[0].trainable = False
    i = (step * 8) % 88
    loss, grads, out, n, a = train_step(tf.constant(X[i:i + 8]), tf.constant(YC[i:i + 8]), tf.constant(YV[i:i + 8]))
    print(step, repr(float(loss)), n, a, type(out).__name__, sorted(out))
    print("  g", [flat(g)[:3] for g in grads])

print(json.dumps({"vars": [repr(float(tf.reduce_sum(v))) for v in full.weights + aux.weights]}))
