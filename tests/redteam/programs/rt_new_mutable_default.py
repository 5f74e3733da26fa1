"""The step function has a mutable default argument (history=[]) that it appends to and reads,
and a function attribute counter (train_step.calls). At step 11 the loop replaces the
function's __defaults__ with a fresh list and at step 22 sets train_step.calls to a float.
A converter that captured the old default list or counter type keeps writing to the old one."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(93)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(29)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(np.zeros((3, 1)))


def train_step(x, y, history=[]):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if len(history) >= 3:
            loss = loss + 0.1 * abs(history[-1] - history[-3])
    W.assign_sub(0.1 * tape.gradient(loss, W))
    history.append(round(float(loss), 4))
    train_step.calls += 1
    return loss, len(history)


train_step.calls = 0
OLD_DEFAULTS = train_step.__defaults__

for step in range(32):
    if step == 11:
        train_step.__defaults__ = ([],)
    if step == 22:
        train_step.calls = float(train_step.calls)
    loss, n = train_step(X, Y)
    print(step, repr(float(loss)), n, repr(train_step.calls))

print("old default", OLD_DEFAULTS[0][-3:], len(OLD_DEFAULTS[0]))
print("new default", train_step.__defaults__[0])
print("W", W.numpy().ravel().tolist())
