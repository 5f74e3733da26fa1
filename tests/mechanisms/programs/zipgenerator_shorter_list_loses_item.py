"""zip() of a generator the step makes with the program's list of rates: zip takes a
chunk, then a rate; the list is shorter, so the chunk taken when the rates run out is
lost (the generator counts what it yields in a global list). The loop appends a rate
mid-run."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)
YIELDED = []
RATES = [1.0, 0.5]


def chunks(x, y):
    for k in range(4):
        YIELDED.append(k)
        yield x[k * 2:k * 2 + 2], y[k * 2:k * 2 + 2]


def train_step(x, y):
    total = 0.0
    with tf.GradientTape() as tape:
        for (cx, cy), rate in zip(chunks(x, y), RATES):
            total = total + rate * tf.reduce_mean(tf.square(cx @ W - cy))
    OPT.apply_gradients([(tape.gradient(total, W), W)])
    return total


for step in range(16):
    if step == 8:
        RATES.append(0.25)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(YIELDED))
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()], "yielded": YIELDED[-6:]}))
