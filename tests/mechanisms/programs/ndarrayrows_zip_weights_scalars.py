"""zip() of an ndarray argument of per-row weights (1-D: numpy yields numpy scalars,
not arrays) with a list of tensors: the step records what each weight answers to
isinstance (np.ndarray, np.floating, np.generic) and scales the row losses by it."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(9)
rng = np.random.default_rng(9)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)
KINDS = []


def train_step(xs, ys, weights):
    with tf.GradientTape() as tape:
        total = 0.0
        for w, x, y in zip(weights, xs, ys):
            KINDS.append((isinstance(w, np.ndarray), isinstance(w, np.floating),
                          isinstance(w, np.generic)))
            total += w * tf.reduce_mean(tf.square(x @ W - y))
    OPT.apply_gradients([(tape.gradient(total, W), W)])
    return total


for step in range(14):
    i = (step * 8) % 56
    xs = [tf.constant(XS[i + k:i + k + 2]) for k in range(0, 8, 2)]
    ys = [tf.constant(YS[i + k:i + k + 2]) for k in range(0, 8, 2)]
    weights = np.linspace(0.5, 1.0 + step * 0.1, 4).astype(np.float32)
    print(step, repr(float(train_step(xs, ys, weights))), KINDS[-1], len(KINDS))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
