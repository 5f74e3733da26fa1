"""PyTorch-style forward hooks grafted onto Keras by replacing `keras.layers.Layer.__call__`
(the base class of every layer and model) mid-run. The hook records the name and output
norm of every layer call into a global list and, for layers whose name is in a global
set SCALED, scales the output by FACTOR.
Step 10: hook installed (records only). Step 14: SCALED = {"mid"} (a new set), FACTOR 0.5.
Step 18: SCALED.add("head") in place. Step 22: FACTOR = 2.0. Step 26: the original
Layer.__call__ is put back. The loop prints how many records the step added."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1140)
rng = np.random.default_rng(1140)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X[:, :1] - X[:, 4:5] * X[:, 3:4]).astype("float32")

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh", name="first"),
                          keras.layers.Dense(8, activation="relu", name="mid"),
                          keras.layers.Dense(1, name="head")], name="net")
opt = keras.optimizers.SGD(learning_rate=0.05)
ORIG_CALL = keras.layers.Layer.__call__
RECORDS = []
SCALED = set()
FACTOR = 1.0


def hooked_call(self, *args, **kwargs):
    out = ORIG_CALL(self, *args, **kwargs)
    if self.name in SCALED:
        out = out * FACTOR
    RECORDS.append((self.name, float(tf.norm(out))))
    return out


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(30):
    if step == 10:
        keras.layers.Layer.__call__ = hooked_call
    elif step == 14:
        SCALED = {"mid"}
        FACTOR = 0.5
    elif step == 18:
        SCALED.add("head")
    elif step == 22:
        FACTOR = 2.0
    elif step == 26:
        keras.layers.Layer.__call__ = ORIG_CALL
    before = len(RECORDS)
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)), len(RECORDS) - before,
          [n for n, _ in RECORDS[before:]])

keras.layers.Layer.__call__ = ORIG_CALL
print(json.dumps({
    "losses": losses,
    "records": RECORDS,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
