"""Global TF state that Keras reads inside library code: Loss.__call__ scales every
sum_over_batch_size loss by 1/num_replicas_in_sync of tf.distribute.get_strategy(). The
step computes its losses inside `with SCOPE():`, where SCOPE is a global the loop changes:
Steps 0-9: contextlib.nullcontext. Step 10: a 2-replica MirroredStrategy's scope (on two
logical CPUs): losses are halved. Step 16: a OneDeviceStrategy's scope (1 replica).
Step 21: the MirroredStrategy again. Step 26: nullcontext again. The optimizer update runs
outside the scope. The step also returns the strategy class name it saw."""
import contextlib
import json
import numpy as np
import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)

import keras  # noqa: E402

keras.utils.set_random_seed(1130)
rng = np.random.default_rng(1130)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X[:, :1] - X[:, 4:5] + 0.5).astype("float32")

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
mae = keras.losses.MeanAbsoluteError(reduction="sum")
opt = keras.optimizers.SGD(learning_rate=0.05)
mirrored = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
one = tf.distribute.OneDeviceStrategy("/cpu:0")
SCOPE = contextlib.nullcontext


def train_step(x, y):
    with tf.GradientTape() as tape:
        with SCOPE():
            pred = model(x, training=True)
            loss = mse(y, pred) + 0.1 * mae(y, pred)
            seen = type(tf.distribute.get_strategy()).__name__
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, seen


rows = []
for step in range(31):
    if step == 10:
        SCOPE = mirrored.scope
    elif step == 16:
        SCOPE = one.scope
    elif step == 21:
        SCOPE = mirrored.scope
    elif step == 26:
        SCOPE = contextlib.nullcontext
    i = (step * 16) % 48
    loss, seen = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), seen])
    print(step, repr(float(loss)), seen)

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
