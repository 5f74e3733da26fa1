"""The step prints an object of the program's class whose __repr__ formats its fields;
the loop changes a field mid-run.  The builder inlines __repr__ at the print's place
(its reads guarded), so the step converts and prints what eager prints."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


class Phase:
    def __init__(self, name, lr):
        self.name, self.lr = name, lr

    def __repr__(self):
        return f"Phase({self.name}, lr={self.lr})"


PHASE = Phase("warmup", 0.01)


def train_step(x, y):
    print("phase", PHASE)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(PHASE.lr * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 12:
        PHASE.name, PHASE.lr = "main", 0.05
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
