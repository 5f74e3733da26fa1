"""Double backprop under the caller's tapes. train_step computes an input-gradient penalty
with a nested tape (gradient of a gradient) inside its own tape and applies the update;
the loop wraps each call in its own tape and asks it for two gradients.
Steps 0-17: the outer tape is persistent; the loop takes d total/d vars and d gp/d vars.
Step 10: LAMBDA (global read in the step) 0.1 -> 1.0. Step 14: first layer activation
tanh -> softplus. Step 18: the outer tape becomes watch_accessed_variables=False, watching
only the first kernel explicitly (persistent still). Step 22: mse.reduction -> "sum" (and the lr variable 0.05 -> 0.004).
Step 26: the first layer is frozen (its variables stop being trainable, so tapes stop
watching them automatically; the outer tape's explicit watch stays)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1121)
rng = np.random.default_rng(1121)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (np.tanh(X[:, :1] + X[:, 1:2]) * 2.0).astype("float32")

l1 = keras.layers.Dense(8, activation="tanh")
l2 = keras.layers.Dense(1)
model = keras.Sequential([keras.Input((4,)), l1, l2])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.SGD(learning_rate=0.05)
LAMBDA = 0.1
ALL_VARS = list(model.trainable_variables)


def train_step(x, y):
    with tf.GradientTape() as tape:
        with tf.GradientTape() as t2:
            t2.watch(x)
            pred = model(x, training=True)
        gx = t2.gradient(pred, x)
        gp = tf.reduce_mean(tf.reduce_sum(tf.square(gx), axis=1))
        total = mse(y, pred) + LAMBDA * gp
    tv = model.trainable_variables
    grads = tape.gradient(total, tv)
    opt.apply_gradients(zip(grads, tv))
    return total, gp


def norms(gs):
    return [None if g is None else float(tf.norm(g)) for g in gs]


rows = []
for step in range(32):
    if step == 10:
        LAMBDA = 1.0
    elif step == 14:
        l1.activation = keras.activations.softplus
    elif step == 22:
        mse.reduction = "sum"
        opt.learning_rate = 0.004
    elif step == 26:
        l1.trainable = False
    i = (step * 16) % 48
    x = tf.constant(X[i:i + 16])
    y = tf.constant(Y[i:i + 16])
    if step < 18:
        with tf.GradientTape(persistent=True) as outer:
            total, gp = train_step(x, y)
    else:
        with tf.GradientTape(persistent=True, watch_accessed_variables=False) as outer:
            outer.watch(l1.kernel._value)  # the tf.Variable under the Keras variable
            total, gp = train_step(x, y)
    n_total = norms(outer.gradient(total, ALL_VARS))
    n_gp = norms(outer.gradient(gp, ALL_VARS))
    del outer
    rows.append([float(total), float(gp), n_total, n_gp])
    print(step, repr(float(total)), repr(float(gp)), n_total, n_gp)

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in ALL_VARS],
}))
