"""Magnitude-pruning hack: Dense.call looks up ops.matmul / ops.add on the keras.src.ops
module at call time, and the program patches them there mid-run.
Step 10: keras.src.ops.matmul becomes a program function that multiplies a (6, 16) kernel by
a global numpy MASK. Step 16: MASK is pruned further in place (same ndarray object).
Step 21: the original matmul is restored. Step 25: keras.src.ops.add (the bias add) is
replaced by keras.src.ops.subtract, a library function. Step 30: ops.add is restored."""
import json
import numpy as np
import tensorflow as tf
import keras
import keras.src.ops as kops

keras.utils.set_random_seed(1103)
rng = np.random.default_rng(1103)
X = rng.normal(size=(80, 6)).astype("float32")
Y = (X @ rng.normal(size=(6, 2)) + 0.3).astype("float32")

model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(16, activation="tanh"),
    keras.layers.Dense(2),
])
opt = keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)

ORIG_MATMUL = kops.matmul
ORIG_ADD = kops.add
MASK = (rng.uniform(size=(6, 16)) > 0.3).astype("float32")


def masked_matmul(x1, x2):
    if tuple(x2.shape) == (6, 16):
        x2 = x2 * MASK
    return ORIG_MATMUL(x1, x2)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(34):
    if step == 10:
        kops.matmul = masked_matmul
    elif step == 16:
        MASK[:, ::2] = 0.0
    elif step == 21:
        kops.matmul = ORIG_MATMUL
    elif step == 25:
        kops.add = kops.subtract
    elif step == 30:
        kops.add = ORIG_ADD
    i = (step * 16) % 64
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)))

kops.matmul = ORIG_MATMUL
kops.add = ORIG_ADD
print(json.dumps({
    "losses": losses,
    "mask_sum": float(MASK.sum()),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
