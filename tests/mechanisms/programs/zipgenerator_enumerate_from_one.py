"""enumerate() of a generator the step makes, from 1: the generator yields the
scales of the program's dict in order, the body writes each index into a list the
loop reads; the loop changes a scale and adds a key."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)
SCALES = {"a": 1.0, "b": 0.5}
SEEN = []


def scales():
    for name in SCALES:
        yield SCALES[name]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        total = loss * 0.0
        for index, scale in enumerate(scales(), 1):
            SEEN.append(index)
            total = total + loss * scale / index
    OPT.apply_gradients([(tape.gradient(total, W), W)])
    return total


for step in range(16):
    if step == 6:
        SCALES["b"] = 0.75
    if step == 10:
        SCALES["c"] = 2.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), SEEN[-3:], len(SEEN))
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
