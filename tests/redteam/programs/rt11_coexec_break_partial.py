"""Co-execution: the step runs a Python fixed-point refinement loop that breaks on
float(tensor) (how many times the refiner layer runs depends on the data), under a tape.
The refiner's activation is a functools.partial whose keywords are mutated in place.
Step 10: the break threshold THRESH 0.047 -> 0.15. Step 13: act.keywords["negative_slope"]
0.1 -> 0.6. Step 17: `keras.layers.Dense.kernel` (a library property) is replaced on the
class by a property returning 0.9 * kernel. Step 23: the original property object is put
back. Step 26: refiner.activation = a new partial (slope 0.05)."""
import functools
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1119)
rng = np.random.default_rng(1119)
X = rng.normal(size=(64, 6)).astype("float32")
Y = (X[:, :2] * 0.5).astype("float32")

act = functools.partial(keras.activations.leaky_relu, negative_slope=0.1)
embed = keras.layers.Dense(6, activation="tanh")
refiner = keras.layers.Dense(6, activation=act, kernel_initializer=keras.initializers.Orthogonal(0.5))
readout = keras.layers.Dense(2)
for layer in (embed, refiner, readout):
    layer.build((None, 6))
opt = keras.optimizers.SGD(learning_rate=0.05)
mse = keras.losses.MeanSquaredError()
ORIG_KERNEL = keras.layers.Dense.__dict__["kernel"]
THRESH = 0.047
VARS = embed.trainable_variables + refiner.trainable_variables + readout.trainable_variables


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = embed(x)
        iters = 0
        for _ in range(8):
            out = h + 0.5 * (refiner(h) - h)
            iters += 1
            delta = float(tf.reduce_max(tf.abs(out - h)))
            h = out
            if delta < THRESH:
                break
        loss = mse(y, readout(h))
    grads = tape.gradient(loss, VARS)
    opt.apply_gradients(zip(grads, VARS))
    return loss, iters, delta


rows = []
for step in range(32):
    if step == 10:
        THRESH = 0.15
    elif step == 13:
        act.keywords["negative_slope"] = 0.6
    elif step == 17:
        keras.layers.Dense.kernel = property(lambda self: ORIG_KERNEL.__get__(self) * 0.9)
    elif step == 23:
        keras.layers.Dense.kernel = ORIG_KERNEL
    elif step == 26:
        refiner.activation = functools.partial(keras.activations.leaky_relu, negative_slope=0.05)
    i = (step * 16) % 48
    loss, iters, delta = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), iters, delta])
    print(step, repr(float(loss)), iters, repr(delta))

keras.layers.Dense.kernel = ORIG_KERNEL
print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in VARS],
}))
