"""A method's keyword-only default (the function on the class), changed in place at
step 12, and the method replaced by one with other defaults at step 17."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(82)
rng = np.random.default_rng(82)


class Trainer:
    def __init__(self):
        self.w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))

    def lr(self, *, base=0.1):
        return base

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ self.w - y))
        self.w.assign_sub(self.lr() * tape.gradient(loss, self.w))
        return loss


def other_lr(self, *, base=0.3):
    return base


tr = Trainer()
for i in range(22):
    if i == 12:
        Trainer.lr.__kwdefaults__["base"] = 0.01
    if i == 17:
        Trainer.lr = other_lr
    loss = tr.train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                         tf.constant(rng.normal(size=(4, 1)).astype(np.float32)))
    print(i, repr(float(loss)))
print(tr.w.numpy().ravel().tolist())
