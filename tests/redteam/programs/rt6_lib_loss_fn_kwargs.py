"""A CategoricalCrossentropy loss object fine-tuned between steps. Step 12: its keyword
dict (`_fn_kwargs`, the dict Keras' wrapper calls its function with) gets
label_smoothing=0.2 written in place. Step 18: the public-looking attribute
`loss_obj.label_smoothing = 0.5` is set (eager ignores it: the wrapper reads only the
dict). Step 22: `loss_obj.fn` is replaced by the program's own function, which reads a
global TEMPERATURE. Step 28: TEMPERATURE changes. Step 33: the kwargs dict is replaced by
a new dict without smoothing."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(8)
np.random.seed(8)
tf.random.set_seed(8)
keras.utils.set_random_seed(8)

rng = np.random.default_rng(23)
X = rng.normal(size=(80, 6)).astype("float32")
labels = np.argmax(X[:, :4] + 0.3 * rng.normal(size=(80, 4)), axis=1)
Y = np.eye(4, dtype="float32")[labels]

model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10, activation="tanh"),
    keras.layers.Dense(4),
])
opt = keras.optimizers.SGD(learning_rate=0.3)
loss_obj = keras.losses.CategoricalCrossentropy(from_logits=True)

TEMPERATURE = 1.0
CALLS = []


def tempered_ce(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    CALLS.append(label_smoothing)
    return keras.losses.categorical_crossentropy(
        y_true, y_pred / TEMPERATURE, from_logits=from_logits,
        label_smoothing=label_smoothing, axis=axis)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_obj(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(38):
    if step == 12:
        loss_obj._fn_kwargs["label_smoothing"] = 0.2
    elif step == 18:
        loss_obj.label_smoothing = 0.5
    elif step == 22:
        loss_obj.fn = tempered_ce
    elif step == 28:
        TEMPERATURE = 2.0
    elif step == 33:
        loss_obj._fn_kwargs = {"from_logits": True, "axis": -1}
    i = (step * 16) % 64
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), len(CALLS), loss_obj.fn.__name__,
          sorted(loss_obj._fn_kwargs.items()))

flat = np.concatenate([v.numpy().ravel().astype(np.float64) for v in model.weights])
print("checksum", repr(float(flat.sum())), repr(float((flat ** 2).sum())))
print("CALLS", CALLS)
print("label_smoothing attr", loss_obj.label_smoothing)
