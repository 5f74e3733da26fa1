"""warnings raised inside the step (the program's own and Keras'), shown on stdout with their
file and line, under filters changed from outside mid-run.

`warnings.showwarning` prints category, basename:lineno and message to stdout. The model has
two heads; the step trains on the head chosen by the global HEAD, so the other head's
variables get no gradient and Keras' optimizer warns "Gradients do not exist for variables
[...]" from its own code. The step also warns (its own UserWarning, stacklevel=1) when the
loss rose since the last call (a Python float kept in a global).
Filters: "always" for steps 0-15, so every call shows both warnings.
Step 16: HEAD switches to "b" (the missing-gradient message names other variables).
Step 21: warnings.simplefilter("default") (each distinct message text once per location).
Step 27: warnings.filterwarnings("ignore", message="Gradients do not exist").
Step 32: warnings.resetwarnings(); simplefilter("always", UserWarning) only.
A wrong converter emits the library's warning only while building, from the wrong line or
file, or decides the filter once."""
import os
import random
import sys
import warnings

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2816)
random.seed(2816)
rng = np.random.default_rng(2816)


def show(message, category, filename, lineno, file=None, line=None):
    sys.stdout.write(f"  WARN {category.__name__} {os.path.basename(filename)}:{lineno} "
                     f"{str(message)[:90]}\n")


warnings.showwarning = show
warnings.simplefilter("always")

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

inp = keras.Input((64,))
h = keras.layers.Dense(16, activation="relu", name="trunk")(inp)
out_a = keras.layers.Dense(10, name="head_a")(h)
out_b = keras.layers.Dense(10, name="head_b")(h)
model = keras.Model(inp, [out_a, out_b])
opt = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
HEAD = "a"
LAST = [None]


def train_step(x, y):
    with tf.GradientTape() as tape:
        la, lb = model(x, training=True)
        loss = loss_fn(y, la if HEAD == "a" else lb)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    lv = float(loss)
    if LAST[0] is not None and lv > LAST[0]:
        warnings.warn(f"loss rose to {lv:.4f}", UserWarning)
    LAST[0] = lv
    return loss


for step in range(38):
    if step == 16:
        HEAD = "b"
    elif step == 21:
        warnings.simplefilter("default")
    elif step == 27:
        warnings.filterwarnings("ignore", message="Gradients do not exist")
    elif step == 32:
        warnings.resetwarnings()
        warnings.simplefilter("always", UserWarning)
    i = (step * 16) % (len(X) - 16)
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), HEAD)

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("filters", len(warnings.filters))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
