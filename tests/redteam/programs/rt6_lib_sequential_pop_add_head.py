"""A Sequential model's head is swapped mid-run the way fine-tuning code does it:
step 12 `model.pop()` then `model.add(new_head)` (a pre-built Dense with other weights);
step 20 the old head object is put back by pop/add; step 27 a weightless
`Rescaling` layer is inserted before the head (pop, add, add). The step is a plain SGD
written by hand over model.trainable_variables, so the new variables need no optimizer
slots."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(23)
np.random.seed(23)
tf.random.set_seed(23)
keras.utils.set_random_seed(23)

rng = np.random.default_rng(47)
X = rng.normal(size=(80, 6)).astype("float32")
Y = (np.cos(X[:, :2] * 1.5) + X[:, 2:4]).astype("float32")

model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10, activation="tanh", name="body"),
    keras.layers.Dense(2, name="head_a"),
])
old_head = model.layers[-1]
new_head = keras.layers.Dense(2, name="head_b", kernel_initializer="ones")
new_head.build((None, 10))
scale = keras.layers.Rescaling(0.5, name="half")
LR = 0.05


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    tvars = model.trainable_variables
    grads = tape.gradient(loss, tvars)
    for g, v in zip(grads, tvars):
        v.assign_sub(LR * g)
    return loss, len(tvars)


for step in range(38):
    if step == 12:
        model.pop()
        model.add(new_head)
    elif step == 20:
        model.pop()
        model.add(old_head)
    elif step == 27:
        model.pop()
        model.add(scale)
        model.add(old_head)
    i = (step * 16) % 64
    loss, n = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), n, [l.name for l in model.layers],
          repr(float(np.sum(new_head.kernel.numpy()))), repr(float(np.sum(old_head.kernel.numpy()))))

for l in (model.get_layer("body"), old_head, new_head):
    print(l.name, [repr(float(np.sum(w.numpy().astype(np.float64)))) for w in l.weights])
