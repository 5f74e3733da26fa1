"""numpy floating-point error handling changed from outside while the step does numpy scalar
arithmetic on `loss.numpy()` (np.float32) and catches what numpy raises.

The step computes `amp = loss.numpy() * GAIN` (GAIN an np.float32 global) and
`tiny = loss.numpy() * EPS`; it catches FloatingPointError and RuntimeWarning (either
recorded in STATUS), and skips the weight update when amp is not finite.
Step 14: GAIN = np.float32(3e38): overflow -> inf (a RuntimeWarning numpy prints to stderr);
         the update is skipped.
Step 18: np.seterr(over="raise"): the same overflow now raises FloatingPointError.
Step 22: np.seterr(over="warn") and warnings.simplefilter("error", RuntimeWarning): the
         overflow raises RuntimeWarning as an exception.
Step 26: GAIN back to 1.0; np.seterr(under="raise") and EPS = np.float32(1e-44): the
         subnormal product raises FloatingPointError (underflow).
Step 31: np.seterr(all="ignore"); warnings filters reset.
A wrong converter computes these numpy scalars as TF ops (no numpy error state: never raises,
never warns) or decides the error mode at build time."""
import random
import warnings

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3422)
random.seed(3422)
rng = np.random.default_rng(3422)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

W = tf.Variable(rng.normal(size=(64, 10)).astype("float32") * 0.05)
GAIN = np.float32(1.0)
EPS = np.float32(1e-3)
STATUS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, x @ W))
    g = tape.gradient(loss, W)
    ln = loss.numpy()
    try:
        amp = ln * GAIN
        tiny = ln * EPS
        STATUS.append("ok")
    except FloatingPointError as e:
        amp, tiny = np.float32(np.inf), np.float32(0.0)
        STATUS.append(f"fpe:{e}")
    except RuntimeWarning as e:
        amp, tiny = np.float32(np.inf), np.float32(0.0)
        STATUS.append(f"rw:{e}")
    if not np.isfinite(amp):
        return loss, amp, tiny, False
    W.assign_sub(0.3 * g)
    return loss, amp, tiny, True


for step in range(38):
    if step == 14:
        GAIN = np.float32(3e38)
    elif step == 18:
        np.seterr(over="raise")
    elif step == 22:
        np.seterr(over="warn")
        warnings.simplefilter("error", RuntimeWarning)
    elif step == 26:
        GAIN = np.float32(1.0)
        EPS = np.float32(1e-44)
        np.seterr(under="raise")
    elif step == 31:
        np.seterr(all="ignore")
        warnings.resetwarnings()
    i = (step * 24) % (len(X) - 24)
    loss, amp, tiny, upd = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    print(step, repr(float(loss)), repr(amp), repr(tiny), type(amp).__name__, upd, STATUS[-1])

print("status", len(STATUS), sorted(set(STATUS)))
print("seterr", sorted(np.geterr().items()))
print("ck", repr(float(np.sum(np.abs(W.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
