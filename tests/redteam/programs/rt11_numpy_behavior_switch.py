"""A process-wide TF switch flipped mid-run: tf.experimental.numpy.experimental_enable_numpy_
behavior() replaces tf.Tensor's operators with numpy-style ones (dtype promotion: a
float32 tensor times np.float64 becomes float64) and adds numpy methods to tensors.
The step mixes numpy scalars from globals into its loss (REG = np.float64, SHIFT =
np.float32) and builds a tensor with tnp.asarray(python float).
Step 12: numpy behavior enabled (default prefer_float32=False).
Step 18: REG changes value (still np.float64).
Step 22: enabled again with prefer_float32=True (tnp.asarray of a Python float becomes
float32). The step prints the dtypes it got and whether tensors have `.reshape`."""
import json
import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp
import keras

keras.utils.set_random_seed(1136)
rng = np.random.default_rng(1136)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] * 0.7 - X[:, 3:4]).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
REG = np.float64(0.01)
SHIFT = np.float32(0.001)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        mse = tf.reduce_mean(tf.square(pred - y))
        l2 = tf.add_n([tf.reduce_sum(tf.square(w)) for w in model.trainable_weights])
        bonus = tnp.asarray(0.1) * SHIFT
        total = mse + REG * l2
    grads = tape.gradient(total, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    has_reshape = hasattr(pred, "reshape")
    return total, bonus, total.dtype.name, bonus.dtype.name, has_reshape


rows = []
for step in range(30):
    if step == 12:
        tf.experimental.numpy.experimental_enable_numpy_behavior()
    elif step == 18:
        REG = np.float64(0.05)
    elif step == 22:
        tf.experimental.numpy.experimental_enable_numpy_behavior(prefer_float32=True)
    i = (step * 16) % 48
    total, bonus, dt, bdt, hr = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(total), float(bonus), dt, bdt, hr])
    print(step, repr(float(total)), repr(float(bonus)), dt, bdt, hr)

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
