"""The training step is a closure from a factory, sharing nonlocal state with a setter and a
stats reader; the closure's cells and defaults are changed from outside mid-run.

make_trainer returns (step, set_scale, stats). step increments a nonlocal `calls`, appends
float(loss) to a closed-over `history`, multiplies the loss by the nonlocal `scale`, and clips
with a default argument `clip=1.0`.
Step 13: set_scale(0.5) (another closure rebinds the shared cell).
Step 18: `step.__closure__[k].cell_contents = 2.0` (the cell written directly).
Step 22: `step.__defaults__ = (0.05,)` (the default clip changes; the function object stays).
Step 27: `history.clear()` through the stats closure's view of the list (it is the same list).
Step 32: a new trainer is made (fresh cells: calls restarts at 0, same model and optimizer).
Each step prints calls, len(history), scale and the loss. A wrong converter keeps the old cell
value or default, or loses the nonlocal writes."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2412)
random.seed(2412)
rng = np.random.default_rng(2412)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(10)])
opt = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def make_trainer(model, opt, scale):
    calls = 0
    history = []

    def step(x, y, clip=1.0):
        nonlocal calls
        calls += 1
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True)) * scale
        grads = tape.gradient(loss, model.trainable_variables)
        grads = [tf.clip_by_norm(g, clip) for g in grads]
        opt.apply_gradients(zip(grads, model.trainable_variables))
        history.append(float(loss))
        return loss, calls

    def set_scale(s):
        nonlocal scale
        scale = s

    def stats():
        return calls, history, scale

    return step, set_scale, stats


step_fn, set_scale, stats = make_trainer(model, opt, 1.0)
for step in range(38):
    if step == 13:
        set_scale(0.5)
    elif step == 18:
        k = step_fn.__code__.co_freevars.index("scale")
        step_fn.__closure__[k].cell_contents = 2.0
    elif step == 22:
        step_fn.__defaults__ = (0.05,)
    elif step == 27:
        stats()[1].clear()
    elif step == 32:
        step_fn, set_scale, stats = make_trainer(model, opt, 0.75)
    i = (step * 16) % (len(X) - 16)
    loss, calls = step_fn(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    c, hist, sc = stats()
    print(step, repr(float(loss)), "calls", calls, c, "hist", len(hist), repr(hist[-1]),
          hist[-1] == float(loss), "scale", sc)

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
