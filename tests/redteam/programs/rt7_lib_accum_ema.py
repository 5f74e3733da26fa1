"""AdamW with gradient accumulation (every 3 calls) and EMA of the weights (overwritten into
the model every 4 optimizer steps); its hyperparameters change mid-run as fine-tuning code does.

Step 14: `opt.weight_decay = 0.05` (was 0.004).
Step 19: `opt.ema_momentum = 0.5`.
Step 23: `opt.clipnorm = 0.05` (a plain attribute read when the accumulated update applies).
Step 28: `opt.learning_rate = 0.0005`.
Step 32: `opt.ema_overwrite_frequency = 2`.
`opt.iterations` is a floor-divided tensor under accumulation (not the variable); the step
prints it and the raw `opt._iterations`. A wrong converter would keep an old hyperparameter
(decay, EMA momentum, clipping, overwrite period) baked into its graph, or take the wrong
branch of Keras' accumulation / overwrite conds."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(1503)
random.seed(1503)
rng = np.random.default_rng(1503)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(20, activation="relu"),
                          keras.layers.Dense(10)])
opt = keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.004, use_ema=True,
                             ema_momentum=0.9, ema_overwrite_frequency=4,
                             gradient_accumulation_steps=3)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, int(opt.iterations), int(opt._iterations)


for step in range(39):
    if step == 14:
        opt.weight_decay = 0.05
    elif step == 19:
        opt.ema_momentum = 0.5
    elif step == 23:
        opt.clipnorm = 0.05
    elif step == 28:
        opt.learning_rate = 0.0005
    elif step == 32:
        opt.ema_overwrite_frequency = 2
    idx = rng.integers(0, len(X), size=16)
    loss, it, raw = train_step(tf.constant(X[idx]), tf.constant(Y[idx]))
    k0 = model.layers[0].kernel.numpy()
    print(f"{step} loss={float(loss)!r} it={it} raw={raw} k0={float(k0[0, 0])!r} "
          f"ksum={float(np.sum(k0, dtype=np.float64))!r}")

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
for v in opt.variables:
    a = np.asarray(v.numpy(), dtype=np.float64)
    print("opt", v.path, repr(float(np.sum(np.abs(a)))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
