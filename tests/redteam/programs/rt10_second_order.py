"""Higher-order gradients through co-execution sites: a WGAN-GP style gradient penalty (an
inner tape's gradient of a critic site with respect to its interpolated input, inside an
outer tape that differentiates the penalty with respect to the critic's weights), and a
persistent tape's batch_jacobian and jacobian of a layer site's output with respect to its
input. The interpolation weights come from a module-level generator resumed with next()
inside the step (refused), so the step is co-executed."""
import json

import numpy as np
import tensorflow as tf
import keras

tf.get_logger().setLevel("ERROR")
keras.utils.set_random_seed(2727)
rng = np.random.default_rng(2727)
REAL = rng.normal(size=(96, 3)).astype("float32")
FAKE = (rng.normal(size=(96, 3)) * 0.5 + 1.0).astype("float32")

CRITIC = keras.Sequential([keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(6, activation="softplus"),
                           keras.layers.Dense(1)])
CRITIC(REAL[:2])
PROJ = keras.layers.Dense(2, activation="sigmoid")
PROJ.build((None, 3))


def alphas():
    r = np.random.default_rng(99)
    while True:
        yield r.uniform(size=(8, 1)).astype("float32")


ALPHA = alphas()


def flat(t):
    return None if t is None else np.asarray(t).ravel().tolist()


def train_step(real, fake):
    alpha = tf.constant(next(ALPHA))
    inter = alpha * real + (1.0 - alpha) * fake
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            inner.watch(inter)
            c_inter = CRITIC(inter)
        gi = inner.gradient(c_inter, inter)
        norm = tf.sqrt(tf.reduce_sum(tf.square(gi), axis=1) + 1e-12)
        gp = tf.reduce_mean(tf.square(norm - 1.0))
        w_loss = tf.reduce_mean(CRITIC(fake)) - tf.reduce_mean(CRITIC(real))
        loss = w_loss + 10.0 * gp
    grads = outer.gradient(loss, CRITIC.trainable_variables)
    for v, g in zip(CRITIC.trainable_variables, grads):
        v.assign_sub(0.01 * g)
    with tf.GradientTape(persistent=True) as jt:
        jt.watch(real)
        out = PROJ(real)
        s = tf.reduce_sum(out * out)
    bj = jt.batch_jacobian(out, real)
    jac = jt.jacobian(s, PROJ.kernel.value)
    del jt
    return loss, gp, grads, gi, bj, jac


for step in range(28):
    i = (step * 8) % 88
    loss, gp, grads, gi, bj, jac = train_step(tf.constant(REAL[i:i + 8]), tf.constant(FAKE[i:i + 8]))
    print(step, repr(float(loss)), repr(float(gp)), flat(gi[0]))
    print("  g", flat(grads[-1]), flat(grads[0])[:6])
    print("  bj", flat(bj[0]), "jac", flat(jac))

print(json.dumps({"vars": [flat(v) for v in CRITIC.weights]}))
