"""Hyper-parameters held as numpy scalars: LR is np.float64 (a float subclass), DECAY an
np.float32 (not a float), STEPS an np.int64. The step dispatches on isinstance(x, float),
prints type(...).__name__ of results (np.float64 * float stays np.float64) and stores them.
At step 11 LR becomes np.float32, at step 21 a plain Python float. A converter that turns
numpy scalars into Python floats (or tensors) changes types, reprs and float32 rounding."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(73)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(23)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
W = tf.Variable(np.zeros((3, 1)))
LR = np.float64(0.1)
DECAY = np.float32(0.99)
STEPS = np.int64(0)
TRAIL = []


def train_step(x, y):
    global STEPS
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    if isinstance(LR, float):
        lr = LR * DECAY ** STEPS
        kind = "float"
    else:
        lr = float(LR) * 0.5
        kind = "other"
    W.assign_sub(lr * tape.gradient(loss, W))
    STEPS = STEPS + 1
    TRAIL.append(lr)
    print("  lr", repr(lr), type(lr).__name__, kind, type(STEPS).__name__, repr(loss.numpy()))
    return loss


for step in range(31):
    if step == 11:
        LR = np.float32(0.1)
    if step == 21:
        LR = 0.1
    loss = train_step(X, Y)
    print(step, repr(float(loss)), repr(TRAIL[-1]))

print("trail types", sorted({type(t).__name__ for t in TRAIL}), repr(STEPS))
print("W", W.numpy().ravel().tolist())
