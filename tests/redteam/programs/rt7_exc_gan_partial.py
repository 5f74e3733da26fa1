"""A GAN-style step with two optimizers and a partial update: the discriminator is updated,
then the generator's loss is checked in Python (`math.isnan(float(g_loss))`) and the step
raises its own SkipStep *after* the discriminator update; a try/finally counts every call;
a tf.debugging.assert_less on the generator's gradient norm can fail after the D update too.

From outside: the generator's latent batch z2 (only used for the G loss) gets a NaN at steps
15 and 26 -> SkipStep after D moved. MAXNORM drops to 1e-4 at step 30 and returns to 1e9 at
step 33 -> steps 30-32 fail the assertion after D moved.
The step prints a line right after the D update (eager shows it once, on failing steps too).
The loop catches both and prints both optimizers' iteration counts and FINALLY's counters.
A wrong converter rolls back the discriminator update of a failed call (or applies it twice),
skips or doubles the finally counter, or updates G on a failing step."""
import math
import random

import numpy as np
import tensorflow as tf
import keras

tf.keras.utils.set_random_seed(3523)
random.seed(3523)
rng = np.random.default_rng(3523)


class SkipStep(Exception):
    pass


G = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"),
                      keras.layers.Dense(4)])
D = keras.Sequential([keras.Input((4,)), keras.layers.Dense(16, activation="relu"),
                      keras.layers.Dense(1)])
g_opt = keras.optimizers.Adam(0.002)
d_opt = keras.optimizers.Adam(0.002)
bce = keras.losses.BinaryCrossentropy(from_logits=True)
FINALLY = {"calls": 0, "ok": 0}
MAXNORM = 1e9


def train_step(real, z1, z2):
    try:
        FINALLY["calls"] += 1
        with tf.GradientTape() as tape:
            fake = G(z1)
            d_real = D(real)
            d_fake = D(fake)
            d_loss = bce(tf.ones_like(d_real), d_real) + bce(tf.zeros_like(d_fake), d_fake)
        dg = tape.gradient(d_loss, D.trainable_variables)
        d_opt.apply_gradients(zip(dg, D.trainable_variables))
        print("  D updated", int(d_opt.iterations), repr(float(d_loss)))
        with tf.GradientTape() as tape:
            g_loss = bce(tf.ones([16, 1]), D(G(z2)))
        if math.isnan(float(g_loss)):
            raise SkipStep(f"nan g_loss at d_it={int(d_opt.iterations)}")
        gg = tape.gradient(g_loss, G.trainable_variables)
        tf.debugging.assert_less(tf.linalg.global_norm(gg), MAXNORM, message="g grad too big")
        g_opt.apply_gradients(zip(gg, G.trainable_variables))
        FINALLY["ok"] += 1
        return d_loss, g_loss
    finally:
        FINALLY["last"] = FINALLY["calls"]


center = np.array([1.0, -1.0, 0.5, 2.0], "float32")
for step in range(38):
    if step == 30:
        MAXNORM = 1e-4
    elif step == 33:
        MAXNORM = 1e9
    real = (rng.normal(size=(16, 4)) * 0.3 + center).astype("float32")
    z1 = rng.normal(size=(16, 8)).astype("float32")
    z2 = rng.normal(size=(16, 8)).astype("float32")
    if step in (15, 26):
        z2[2, 3] = np.nan
    try:
        d_loss, g_loss = train_step(tf.constant(real), tf.constant(z1), tf.constant(z2))
        res = f"d={float(d_loss)!r} g={float(g_loss)!r}"
    except SkipStep as e:
        res = f"skip: {e}"
    except tf.errors.InvalidArgumentError as e:
        res = f"assert: {'g grad too big' in str(e)}"
    print(step, res, "d_it", int(d_opt.iterations), "g_it", int(g_opt.iterations), FINALLY)

for m in (G, D):
    for v in m.trainable_variables:
        print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
