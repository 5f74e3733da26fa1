"""Co-execution: the step hashes the model's output bytes with zlib.crc32 (an opaque C call)
to choose per-example weights, so it cannot be one graph; model and loss calls are sites.
Step 10: mse.reduction = "sum". Step 13: mse.fn = keras.losses.mean_absolute_error.
Step 17: AdamW weight_decay 0.004 -> 0.05. Step 21: first Dense activation = a
functools.partial(keras.activations.leaky_relu, negative_slope=0.3).
Step 25: keras.layers.Dropout.call replaced on the class by an identity (no dropout).
Step 29: Dropout.call restored. The crc of every step's output is printed."""
import functools
import json
import zlib
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1117)
rng = np.random.default_rng(1117)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X[:, :1] * 1.5 - X[:, 1:2] + 0.2).astype("float32")
WEIGHTS = np.array([[1.0], [0.5], [2.0], [0.25]], dtype="float32")

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(10, activation="relu"),
                          keras.layers.Dropout(0.25), keras.layers.Dense(1)])
mse = keras.losses.MeanSquaredError()
opt = keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.004)
ORIG_DROPOUT_CALL = keras.layers.Dropout.call


def no_dropout(self, inputs, training=False):
    return inputs


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        crc = zlib.crc32(pred.numpy().tobytes())
        sw = tf.constant(np.roll(WEIGHTS, crc % 4, axis=0).repeat(4, axis=0)[:, 0])
        loss = mse(y, pred, sample_weight=sw)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, crc


rows = []
for step in range(33):
    if step == 10:
        mse.reduction = "sum"
    elif step == 13:
        mse.fn = keras.losses.mean_absolute_error
    elif step == 17:
        opt.weight_decay = 0.05
    elif step == 21:
        model.layers[0].activation = functools.partial(keras.activations.leaky_relu,
                                                       negative_slope=0.3)
    elif step == 25:
        keras.layers.Dropout.call = no_dropout
    elif step == 29:
        keras.layers.Dropout.call = ORIG_DROPOUT_CALL
    i = (step * 16) % 48
    loss, crc = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), crc])
    print(step, repr(float(loss)), crc)

keras.layers.Dropout.call = ORIG_DROPOUT_CALL
print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "opt": [v.numpy().ravel().tolist() for v in opt.variables],
}))
