"""Attribute reads with side effects: a property that counts its reads and decays the value it
returns each time it is read, and a __getattr__ fallback that counts misses for a "warmup"
attribute. At step 12 the loop sets a real instance attribute warmup (so __getattr__ stops
being called). A converter that reads attributes statically, or once per build, loses counts."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(96)
tf.keras.backend.set_floatx("float64")


class Sched:
    def __init__(self):
        self._lr = 0.2
        self.reads = 0
        self.misses = 0

    @property
    def lr(self):
        self.reads += 1
        self._lr = self._lr * 0.97
        return self._lr

    def __getattr__(self, name):
        if name == "warmup":
            self.__dict__["misses"] = self.__dict__.get("misses", 0) + 1
            return 0.5
        raise AttributeError(name)


rng = np.random.default_rng(32)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))
SC = Sched()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    lr = SC.lr
    w_up = SC.warmup
    W.assign_sub(lr * w_up * g)
    lr_again = SC.lr
    return loss, lr, lr_again


for step in range(30):
    if step == 12:
        SC.warmup = 1.0
    loss, lr, lr2 = train_step(X, Y)
    print(step, repr(float(loss)), repr(lr), repr(lr2), SC.reads, SC.misses)

print("final", SC.reads, SC.misses, repr(SC._lr), W.numpy().ravel().tolist())
