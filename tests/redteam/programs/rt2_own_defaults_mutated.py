"""Default arguments: the step calls `penalty(w)` whose defaults are a coefficient and a mutable
list it appends to on every call (its length drives a warm-up ramp). At step 12 the loop replaces
`penalty.__defaults__` with a new coefficient and a fresh empty list, restarting the ramp.
Expects the ramp, the lengths of both default lists and the losses as in the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2121)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(2121)
X = tf.constant(rng.normal(size=(30, 5)))
Y = tf.constant(X.numpy() @ rng.normal(size=(5, 1)))
W = tf.Variable(rng.normal(size=(5, 1)))


def penalty(w, coef=0.05, seen=[]):
    seen.append(len(seen))
    ramp = min(1.0, len(seen) / 8)
    return coef * ramp * tf.reduce_sum(tf.square(w)), ramp


FIRST_DEFAULT_LIST = penalty.__defaults__[1]


def train_step(x, y):
    with tf.GradientTape() as tape:
        fit = tf.reduce_mean(tf.square(tf.matmul(x, W) - y))
        reg, ramp = penalty(W)
        loss = fit + reg
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss, ramp


for step in range(30):
    if step == 12:
        penalty.__defaults__ = (0.5, [])
    loss, ramp = train_step(X, Y)
    print(f"step {step:2d} coef={penalty.__defaults__[0]!r} ramp={ramp!r} "
          f"seen={len(penalty.__defaults__[1])} first_list={len(FIRST_DEFAULT_LIST)} loss={float(loss)!r}")

CURRENT_DEFAULT_LIST = penalty.__defaults__[1]
print(f"final first={FIRST_DEFAULT_LIST[-3:]} current={CURRENT_DEFAULT_LIST[-3:]} "
      f"w={W.numpy().ravel().tolist()!r}")
