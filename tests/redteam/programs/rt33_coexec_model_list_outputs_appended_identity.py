"""A two-headed functional model returns a list [policy, value].  The step stays in the
interpreter (it hashes the policy's bytes with zlib.crc32 to pick an action), so the
model call is a co-executed site.  The step appends an extra entry to the list the model
returned and keeps the list in a history, then compares identities of what consecutive
calls returned.  Probes: containers a co-executed site returns: fresh per call, and the
program's changes to them."""
import random
import numpy
random.seed(26)
numpy.random.seed(26)
import zlib
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3326)
rng = np.random.default_rng(3326)
inp = keras.Input((6,))
h = keras.layers.Dense(12, activation="tanh")(inp)
pol = keras.layers.Dense(3, activation="softmax")(h)
val = keras.layers.Dense(1)(h)
model = keras.Model(inp, [pol, val])
opt = keras.optimizers.Adam(learning_rate=0.01)
XS = rng.normal(size=(64, 6)).astype(np.float32)
RS = rng.normal(size=(64, 1)).astype(np.float32)
HIST = []


def train_step(x, r):
    with tf.GradientTape() as tape:
        outs = model(x)
        a = zlib.crc32(outs[0].numpy().tobytes()) % 3
        outs.append(a)
        HIST.append(outs)
        logp = tf.math.log(outs[0][:, a] + 1e-6)
        adv = r - outs[1]
        loss = -tf.reduce_mean(logp * tf.stop_gradient(adv)) + tf.reduce_mean(tf.square(adv))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, outs


for step in range(32):
    i = (step * 8) % 56
    loss, outs = train_step(tf.constant(XS[i:i + 8]), tf.constant(RS[i:i + 8]))
    same = len(HIST) > 1 and HIST[-1] is HIST[-2]
    print(step, float(loss).hex(), type(outs).__name__, len(outs), outs[-1], same, len(HIST[0]))

print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
