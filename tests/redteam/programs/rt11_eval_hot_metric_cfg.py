"""Training plus an evaluation function without a tape (taken over as hot TF code) whose
metric objects are reconfigured from the loop. evaluate() reads metrics from a plain dict
METRICS and returns their results; it is called after every train_step.
Step 10: BinaryAccuracy's `_fn_kwargs["threshold"]` 0.5 -> 0.7 (in place).
Step 14: Precision's `thresholds` list [0.5] -> [0.3] (a new list, same length) and its
`_thresholds_distributed_evenly` left as Keras computed it.
Step 18: the loop resets every metric (reset_state()).
Step 22: METRICS["acc"] is replaced by a new BinaryAccuracy(threshold=0.3).
Step 26: Precision.thresholds[0] = 0.9 (mutated in place)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1139)
rng = np.random.default_rng(1139)
X = rng.normal(size=(96, 5)).astype("float32")
Y = ((X[:, 0] - X[:, 2] + 0.3 * rng.normal(size=96)) > 0).astype("float32")[:, None]

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1, activation="sigmoid")])
bce = keras.losses.BinaryCrossentropy()
opt = keras.optimizers.Adam(learning_rate=0.01)
METRICS = {"acc": keras.metrics.BinaryAccuracy(), "prec": keras.metrics.Precision(thresholds=0.5),
           "mean": keras.metrics.Mean()}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = bce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def evaluate(x, y):
    p = model(x, training=False)
    METRICS["acc"].update_state(y, p)
    METRICS["prec"].update_state(y, p)
    METRICS["mean"].update_state(p)
    return [METRICS[k].result() for k in ("acc", "prec", "mean")]


rows = []
for step in range(32):
    if step == 10:
        METRICS["acc"]._fn_kwargs["threshold"] = 0.7
    elif step == 14:
        METRICS["prec"].thresholds = [0.3]
    elif step == 18:
        for m in METRICS.values():
            m.reset_state()
    elif step == 22:
        METRICS["acc"] = keras.metrics.BinaryAccuracy(threshold=0.3)
    elif step == 26:
        METRICS["prec"].thresholds[0] = 0.9
    i = (step * 16) % 80
    x, y = tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])
    loss = train_step(x, y)
    j = (i + 40) % 80
    res = evaluate(tf.constant(X[j:j + 16]), tf.constant(Y[j:j + 16]))
    rows.append([float(loss)] + [float(r) for r in res])
    print(step, *[repr(v) for v in rows[-1]])

print(json.dumps({
    "rows": rows,
    "metric_vars": {k: [v.numpy().ravel().tolist() for v in m.variables] for k, m in METRICS.items()},
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
