"""The step raises on some steps depending on the loss value: a SkipBatch (own __init__ with
fields) after the first variable's update but before the second's, and a plain ValueError
after both; a user context manager whose __exit__ suppresses ArithmeticError wraps a Python
division by a number that becomes 0. The loop catches and prints. At step 10 the threshold
THRESH changes. Eager keeps the updates made before the raise; the counters must match."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(98)
tf.keras.backend.set_floatx("float64")


class SkipBatch(Exception):
    def __init__(self, step, value):
        super().__init__(f"skip {step}")
        self.step = step
        self.value = value


class Guard:
    def __init__(self):
        self.suppressed = 0

    def __enter__(self):
        return self

    def __exit__(self, et, ev, tb):
        if et is not None and issubclass(et, ArithmeticError):
            self.suppressed += 1
            return True
        return False


rng = np.random.default_rng(34)
BATCHES = [(tf.constant(rng.normal(size=(8, 3)) * (1 + i % 3)), tf.constant(rng.normal(size=(8, 1))))
           for i in range(6)]
W1 = tf.Variable(rng.normal(size=(3, 4)) * 0.3)
W2 = tf.Variable(rng.normal(size=(4, 1)) * 0.3)
THRESH = 1.5
GUARD = Guard()
COUNTS = {"ok": 0, "skip": 0, "value": 0, "finally": 0}


def train_step(x, y, step):
    try:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
        g1, g2 = tape.gradient(loss, [W1, W2])
        W1.assign_sub(0.05 * g1)
        lv = float(loss)
        if lv > THRESH:
            raise SkipBatch(step, lv)
        W2.assign_sub(0.05 * g2)
        ratio = 0.0
        with GUARD:
            ratio = 1.0 / (step % 4)
        if lv < THRESH / 3:
            raise ValueError("too small")
        COUNTS["ok"] += 1
        return loss, ratio
    finally:
        COUNTS["finally"] += 1


for step in range(32):
    if step == 10:
        THRESH = 1.0
    try:
        loss, ratio = train_step(*BATCHES[step % 6], step)
        print(step, repr(float(loss)), ratio)
    except SkipBatch as e:
        COUNTS["skip"] += 1
        print(step, "skip", e.step, repr(e.value), str(e))
    except ValueError as e:
        COUNTS["value"] += 1
        print(step, "value", repr(e))

print("counts", COUNTS, "suppressed", GUARD.suppressed)
print("W1", W1.numpy().ravel()[:4].tolist(), "W2", W2.numpy().ravel().tolist())
