"""A live CategoricalCrossentropy reconfigured through what Keras actually reads at call
time (its `_fn_kwargs` dict, `reduction`, `fn`, `_dtype`), not the decorative attributes.
Step 10: `_fn_kwargs["label_smoothing"] = 0.2` (in place). Step 14: reduction = "sum".
Step 18: the last Dense's activation -> linear and `_fn_kwargs["from_logits"] = True`.
Step 22: `cce.fn = categorical_focal_crossentropy` (same kwargs). Step 26: a new
`_fn_kwargs` dict (label smoothing 0.05) and reduction "mean". Step 30: the loss's dtype is
switched to float64 (`_dtype_policy`, `_dtype`). The decorative `cce.from_logits` is set too
(Keras ignores it) and printed."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1111)
rng = np.random.default_rng(1111)
X = rng.normal(size=(96, 6)).astype("float32")
labels = (X[:, 0] > 0).astype(int) + (X[:, 1] > 0.5).astype(int)
Y = np.eye(3, dtype="float32")[labels]

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(3, activation="softmax")])
opt = keras.optimizers.Adam(learning_rate=0.01)
cce = keras.losses.CategoricalCrossentropy()


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = model(x, training=True)
        loss = cce(y, out)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(34):
    if step == 10:
        cce._fn_kwargs["label_smoothing"] = 0.2
    elif step == 14:
        cce.reduction = "sum"
    elif step == 18:
        model.layers[-1].activation = keras.activations.linear
        cce._fn_kwargs["from_logits"] = True
        cce.from_logits = True
    elif step == 22:
        cce.fn = keras.losses.categorical_focal_crossentropy
    elif step == 26:
        cce._fn_kwargs = {"from_logits": True, "label_smoothing": 0.05, "axis": -1}
        cce.reduction = "mean"
    elif step == 30:
        cce._dtype_policy = keras.DTypePolicy("float64")
        cce._dtype = "float64"
    i = (step * 24) % 72
    loss = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    losses.append(float(loss))
    print(step, repr(float(loss)), loss.dtype.name, cce.from_logits, cce.reduction)

print(json.dumps({
    "losses": losses,
    "fn_kwargs": cce._fn_kwargs,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
