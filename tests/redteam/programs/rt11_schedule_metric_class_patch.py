"""Methods of library schedule and metric classes replaced on the class mid-run; the step
reads the schedule through the optimizer and updates/reads two metrics.
Step 10: `ExponentialDecay.__call__` is replaced by a warm-up wrapper scaled by global WARM.
Step 14: WARM changes 0.5 -> 2.0. Step 17: `keras.metrics.MeanAbsoluteError.update_state`
is set (shadowing MeanMetricWrapper's) to one that doubles y_pred. Step 21:
`keras.metrics.Mean.result` (the base both metrics use) is replaced by a lambda x100.
Step 25: ExponentialDecay.__call__ restored. Step 28: `del MeanAbsoluteError.update_state`.
Step 31: Mean.result restored."""
import json
import numpy as np
import tensorflow as tf
import keras
from keras import ops

keras.utils.set_random_seed(1108)
rng = np.random.default_rng(1108)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] * X[:, 1:2] + X[:, 2:3]).astype("float32")

ED = keras.optimizers.schedules.ExponentialDecay
sched = ED(initial_learning_rate=0.05, decay_steps=10, decay_rate=0.8)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(10, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=sched)
loss_mean = keras.metrics.Mean(name="loss_mean")
mae = keras.metrics.MeanAbsoluteError(name="mae")

ORIG_ED_CALL = ED.__call__
ORIG_RESULT = keras.metrics.Mean.result
WARM = 0.5


def warm_call(self, step):
    return ORIG_ED_CALL(self, step) * WARM


def doubled_update(self, y_true, y_pred, sample_weight=None):
    return keras.metrics.MeanMetricWrapper.update_state(self, y_true, y_pred * 2.0,
                                                        sample_weight=sample_weight)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    loss_mean.update_state(loss)
    mae.update_state(y, pred)
    return loss, opt.learning_rate, loss_mean.result(), mae.result()


rows = []
for step in range(34):
    if step == 10:
        ED.__call__ = warm_call
    elif step == 14:
        WARM = 2.0
    elif step == 17:
        keras.metrics.MeanAbsoluteError.update_state = doubled_update
    elif step == 21:
        keras.metrics.Mean.result = lambda self: ops.divide_no_nan(self.total, self.count) * 100.0
    elif step == 25:
        ED.__call__ = ORIG_ED_CALL
    elif step == 28:
        del keras.metrics.MeanAbsoluteError.update_state
    elif step == 31:
        keras.metrics.Mean.result = ORIG_RESULT
    i = (step * 16) % 48
    loss, lr, lm, m = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    row = [float(loss), float(lr), float(lm), float(m)]
    rows.append(row)
    print(step, *[repr(v) for v in row])

print(json.dumps({
    "rows": rows,
    "metrics": [float(v.numpy()) for v in loss_mean.variables + mae.variables],
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
