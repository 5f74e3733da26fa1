"""Tensor identity: the step keeps the caller's batch and its loss on the trainer and
returns the loss; the loop asks `ret is tr.last_loss` and `tr.prev_x is x`, and the step
asks `x is self.prev_x` (a repeated batch adds a penalty).  Batches repeat, then come as
fresh copies, then repeat again."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
BATCHES = [tf.constant(rng.normal(size=(8, 3))) for _ in range(2)]
TARGETS = [tf.constant(rng.normal(size=(8, 1))) for _ in range(2)]


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(3, 1)) * 0.1)
        self.prev_x = None
        self.last_loss = None
        self.repeats = 0

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
            if x is self.prev_x:
                self.repeats += 1
                loss = loss + 0.01 * tf.reduce_sum(tf.square(self.w))
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        self.prev_x = x
        self.last_loss = loss
        return loss


tr = Trainer()
RETURNED = []
for step in range(24):
    j = [0, 0, 1, 1, 0, 1][step % 6]
    x = tf.identity(BATCHES[j]) if 8 <= step < 16 else BATCHES[j]
    ret = tr.step(x, TARGETS[j])
    RETURNED.append(ret)
    print(step, repr(float(ret)), ret is tr.last_loss, tr.prev_x is x,
          tr.prev_x is BATCHES[j], tr.repeats)
print("kept", RETURNED[-1] is tr.last_loss, len(set(map(id, RETURNED))), tr.w.numpy().ravel().tolist())
