"""`for row in batch` over an ndarray argument (rows of features and a target): numpy
yields its rows; the loop hands a batch of 6 rows from step 8 on, where it handed 4."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(9)
rng = np.random.default_rng(9)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)


def train_step(batch):
    with tf.GradientTape() as tape:
        total = 0.0
        for row in batch:
            x = tf.reshape(tf.constant(row[:4]), (1, 4))
            total += tf.reduce_mean(tf.square(x @ W - row[4]))
    OPT.apply_gradients([(tape.gradient(total, W), W)])
    return total


for step in range(16):
    n = 4 if step < 8 else 6
    i = (step * 6) % 56
    batch = np.concatenate([XS[i:i + n], YS[i:i + n]], axis=1)
    print(step, repr(float(train_step(batch))))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
