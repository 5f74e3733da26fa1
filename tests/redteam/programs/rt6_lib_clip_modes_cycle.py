"""Fine-tuning code cycles an SGD(momentum) optimizer's gradient clipping mode between
steps: global_clipnorm set at step 12, replaced by clipvalue at step 19, by per-tensor
clipnorm at step 26, and everything off again at step 32 (only one of the three is ever
set, as Keras' constructor demands). The step itself never mentions clipping."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
tf.random.set_seed(3)
keras.utils.set_random_seed(3)

rng = np.random.default_rng(7)
X = rng.normal(size=(64, 6)).astype("float32")
Y = (X @ rng.normal(size=(6, 3)) * 3.0).astype("float32")

model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(8, activation="tanh"),
    keras.layers.Dense(3),
])
opt = keras.optimizers.SGD(learning_rate=0.02, momentum=0.9)
loss_fn = keras.losses.MeanSquaredError()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.linalg.global_norm(grads)


def checksum():
    flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
    return repr(float(flat.sum())), repr(float((flat * np.arange(1, flat.size + 1)).sum()))


for step in range(38):
    if step == 12:
        opt.global_clipnorm = 0.5
    elif step == 19:
        opt.global_clipnorm = None
        opt.clipvalue = 0.05
    elif step == 26:
        opt.clipvalue = None
        opt.clipnorm = 0.2
    elif step == 32:
        opt.clipnorm = None
    i = (step * 16) % 48
    loss, gnorm = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), f"{float(gnorm):.8f}", int(opt.iterations.numpy()),
          opt.clipnorm, opt.clipvalue, opt.global_clipnorm)

print("checksum", *checksum())
print("momentums", [repr(float(np.sum(m.numpy()))) for m in opt.momentums])
