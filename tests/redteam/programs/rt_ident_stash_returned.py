"""The trainer stores its input and its loss tensor on self and returns the loss; the loop
checks `ret is tr.last_loss` and the step checks `x is self.prev_x` (re-used batch: add a
penalty). The loop cycles over a fixed list of batch tensors and, from step 12, over copies
(tf.identity). A converter that returns fresh tensor objects or drops the aliasing differs."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(52)
tf.keras.backend.set_floatx("float64")


class Trainer:
    def __init__(self):
        rng = np.random.default_rng(16)
        self.w = tf.Variable(rng.normal(size=(3, 2)) * 0.2)
        self.prev_x = None
        self.last_loss = None
        self.repeats = 0
        self.losses = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
            if x is self.prev_x:
                self.repeats += 1
                loss = loss + 0.01 * tf.reduce_sum(tf.square(self.w))
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        self.prev_x = x
        self.last_loss = loss
        self.losses.append(loss)
        return loss


rng = np.random.default_rng(17)
BATCHES = [tf.constant(rng.normal(size=(8, 3))) for _ in range(2)]
TARGETS = [tf.constant(rng.normal(size=(8, 2))) for _ in range(2)]
ORDER = [0, 0, 1, 1, 0, 1, 1, 0]
tr = Trainer()
RESULTS = []

for step in range(30):
    j = ORDER[step % len(ORDER)]
    x = BATCHES[j] if step < 12 else tf.identity(BATCHES[j])
    if step >= 20:
        x = BATCHES[j]
    ret = tr.step(x, TARGETS[j])
    RESULTS.append(ret)
    same = ret is tr.last_loss
    print(step, repr(float(ret)), same, tr.repeats, tr.prev_x is BATCHES[j], tr.losses[-1] is ret)

print("w", tr.w.numpy().ravel().tolist())
print("all same objects", all(a is b for a, b in zip(RESULTS, tr.losses)), len(tr.losses))
