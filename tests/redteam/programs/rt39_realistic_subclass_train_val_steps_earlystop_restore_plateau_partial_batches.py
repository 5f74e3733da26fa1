"""A realistic hand-written training loop: a keras.Model subclass with its own
`train_step(data)` and `test_step(data)` (tape, compiled loss via `compute_loss`,
metrics updated and returned as a dict of tensors), driven by Python epochs over
batches of 24 with a partial last batch (100 training rows: 24, 24, 24, 24, 4).  After
each epoch the loop runs validation, then Python early stopping with best-weight
restore (`get_weights`/`set_weights`) and a ReduceLROnPlateau-like rule that assigns
`optimizer.learning_rate`.  Logs mix floats, ints and tensors printed with format
specs.  Probes: ordinary training code with compiled metrics, partial batches and Python
callbacks around converted steps."""
import random

import numpy

random.seed(3919)
numpy.random.seed(3919)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3919)
rng = np.random.default_rng(3919)
X = rng.normal(size=(140, 6)).astype(np.float32)
Y = (np.sin(X @ rng.normal(size=(6, 1))) + 0.1 * rng.normal(size=(140, 1))).astype(np.float32)
XT, YT, XV, YV = X[:100], Y[:100], X[100:], Y[100:]


class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = keras.layers.Dense(16, activation="relu")
        self.drop = keras.layers.Dropout(0.1)
        self.d2 = keras.layers.Dense(1)

    def call(self, x, training=False):
        return self.d2(self.drop(self.d1(x), training=training))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        for m in self.metrics:
            if m.name == "loss":
                m.update_state(loss)
            else:
                m.update_state(y, pred)
        out = {}
        for m in self.metrics:
            r = m.result()
            if isinstance(r, dict):
                out.update(r)
            else:
                out[m.name] = r
        return out

    def test_step(self, data):
        x, y = data
        pred = self(x, training=False)
        loss = self.compute_loss(x=x, y=y, y_pred=pred)
        for m in self.metrics:
            if m.name == "loss":
                m.update_state(loss)
            else:
                m.update_state(y, pred)
        out = {}
        for m in self.metrics:
            r = m.result()
            if isinstance(r, dict):
                out.update(r)
            else:
                out[m.name] = r
        return out


model = Net()
model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
model(XT[:2])

best, best_w, wait, lr_wait = float("inf"), None, 0, 0
for epoch in range(9):
    for m in model.metrics:
        m.reset_state()
    order = rng.permutation(100)
    for b, s in enumerate(range(0, 100, 24)):
        idx = order[s:s + 24]
        logs = model.train_step((tf.constant(XT[idx]), tf.constant(YT[idx])))
        print(f"e{epoch} b{b} n={len(idx)} " + " ".join(
            f"{k}={float(v):.6f}" for k, v in sorted(logs.items())))
    for m in model.metrics:
        m.reset_state()
    for s in range(0, 40, 16):
        vlogs = model.test_step((tf.constant(XV[s:s + 16]), tf.constant(YV[s:s + 16])))
    val = float(vlogs["loss"])
    lr = float(model.optimizer.learning_rate)
    if val < best - 1e-4:
        best, best_w, wait, lr_wait = val, model.get_weights(), 0, 0
    else:
        wait += 1
        lr_wait += 1
        if lr_wait >= 1:
            model.optimizer.learning_rate = lr * 0.5
            lr_wait = 0
    print(f"epoch {epoch} val={val:.6f} best={best:.6f} wait={wait} lr={lr:.5g} "
          f"iters={int(model.optimizer.iterations)}")
    if wait >= 3:
        print("early stop at", epoch)
        break

model.set_weights(best_w)
for w in model.get_weights():
    print(w.ravel()[:5].tolist())
print("final", repr(best), int(model.optimizer.iterations), repr(float(model.optimizer.learning_rate)))
