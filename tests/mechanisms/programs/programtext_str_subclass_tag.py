"""The step prints a run tag, a str subclass whose __str__ adds the tag's version; the
loop bumps the version mid-run.  print calls str() on it: the builder inlines the
program's __str__ where the print is, and the step converts."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(12)
rng = np.random.default_rng(12)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS[:, :1].astype(np.float32) * 3.0
W = tf.Variable(np.zeros((4, 1), np.float32))


class Tag(str):
    version = 1

    def __str__(self):
        return f"{self.label}-v{self.version}"


TAG = Tag("run")
TAG.label = "RUN"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    print("tag", TAG, sep=": ")
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss


for step in range(24):
    if step == 10:
        Tag.version = 2
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
