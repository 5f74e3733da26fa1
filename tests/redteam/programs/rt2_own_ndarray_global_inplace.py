"""A module-level numpy array read by the step (a feature mask and its count, `x * MASK`,
`MASK.sum()`) is edited in place by the loop at step 10 (`MASK[2] = 0.0`: a feature ablation);
the global still names the same ndarray object. Expects the masked losses, the printed mask sum
and the weights (feature 2's weight stops moving) to follow the new contents, as in eager."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1919)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1919)
X = tf.constant(rng.normal(size=(40, 4)))
Y = tf.constant(X.numpy() @ np.array([[0.5], [1.0], [-1.5], [0.25]]))
MASK = np.ones(4)
W = tf.Variable(tf.zeros((4, 1), tf.float64))
SUMS = []


def train_step(x, y):
    active = MASK.sum()
    SUMS.append(active)
    with tf.GradientTape() as tape:
        pred = tf.matmul(x * MASK, W) * (4.0 / active)
        loss = tf.reduce_mean(tf.square(pred - y))
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss, active


for step in range(30):
    if step == 10:
        MASK[2] = 0.0
    loss, active = train_step(X, Y)
    print(f"step {step:2d} active={active!r} type={type(active).__name__} loss={float(loss)!r} "
          f"w2={float(W[2, 0])!r}")

print(f"final mask={MASK.tolist()} sums={sorted(set(float(s) for s in SUMS))} w={W.numpy().ravel().tolist()!r}")
