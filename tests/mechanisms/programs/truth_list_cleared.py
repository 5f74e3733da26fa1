"""`while PENDING:` pops penalties a global list holds (the loop fills it at steps 5 and
12 and the step empties it), and `if not PENDING:` counts quiet steps on an attribute."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(73)
rng = np.random.default_rng(73)
PENDING = []
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Stats:
    quiet = 0


def train_step(x, y):
    penalty = 0.0
    while PENDING:
        penalty += PENDING.pop()
    if not PENDING:
        Stats.quiet += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w - y)) + penalty * tf.reduce_sum(w * w)
    w.assign_sub(0.1 * tape.gradient(loss, w))
    return loss, penalty


for i in range(22):
    if i in (5, 12):
        PENDING.extend([0.1, 0.2])
    loss, penalty = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                               tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    print(i, repr(float(loss)), repr(penalty), Stats.quiet, len(PENDING))
