"""Keras mixed precision (global policy mixed_float16) with a LossScaleOptimizer, in a custom
loop; float16 values cross into Python (float(), .numpy() of float16 tensors).

The hidden layer computes in float16; the head is float32. The step scales the loss, takes
gradients, applies through the LossScaleOptimizer, and returns the hidden activations' max as
a float16 tensor; the loop prints float() and .numpy() (np.float16) of it.
Step 15: the batch is scaled by 3000 from outside, so float16 activations overflow to inf:
         the step skips (scale halves).
Step 19: opt.inner_optimizer.learning_rate = 0.002.
Step 24: the hidden layer's activation becomes keras.activations.gelu.
Step 29: the batch is scaled by 3000 again (a second skip), step 30 too.
A wrong converter computes in float32 where eager computes in float16 (different losses and
maxima), applies the overflowed step, or keeps the old activation or learning rate."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

keras.mixed_precision.set_global_policy("mixed_float16")
tf.keras.utils.set_random_seed(4634)
random.seed(4634)
rng = np.random.default_rng(4634)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

hidden = keras.layers.Dense(32, activation="relu")
head = keras.layers.Dense(10, dtype="float32")
model = keras.Sequential([keras.Input((64,)), hidden, head])
opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.Adam(0.005), initial_scale=256.0,
                                          dynamic_growth_steps=4)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = hidden(x)
        logits = head(h)
        loss = loss_fn(y, logits)
        scaled = opt.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    opt.apply(grads, model.trainable_variables)
    return loss, tf.reduce_max(h), h.dtype.name


for step in range(38):
    if step == 19:
        opt.inner_optimizer.learning_rate = 0.002
    elif step == 24:
        hidden.activation = keras.activations.gelu
    i = (step * 16) % (len(X) - 16)
    xb = X[i:i + 16] * (3000.0 if step in (15, 29, 30) else 1.0)
    loss, hmax, hdt = train_step(tf.constant(xb), tf.constant(Y[i:i + 16]))
    hn = hmax.numpy()
    print(step, repr(float(loss)), hdt, repr(float(hmax)), repr(hn), type(hn).__name__,
          "scale", repr(float(opt.dynamic_scale)), "it", int(opt.iterations))

for v in model.trainable_variables:
    print("ck", v.path, v.dtype, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
