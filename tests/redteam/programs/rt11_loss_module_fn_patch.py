"""Loss internals patched mid-run: a method on a library loss subclass, and module-level
functions of keras.src.losses.loss that Loss.__call__ / reduce_values look up at call time.
The step sums a MeanSquaredError and a Huber loss (with sample weights).
Step 10: `keras.losses.MeanSquaredError.call` is set to a program function (x1.5).
Step 15: `keras.src.losses.loss.reduce_weighted_values` is replaced by a program function
that forces reduction="sum" and divides by a global DIV. Step 19: DIV changes 8.0 -> 24.0.
Step 22: `del keras.losses.MeanSquaredError.call`. Step 26: reduce_weighted_values is
restored and the loss module's `scale_loss_for_distribution` (which reduce_values calls for
sum_over_batch_size reductions) is replaced by a lambda halving the value. Step 30:
scale_loss_for_distribution is restored."""
import json
import numpy as np
import tensorflow as tf
import keras
import keras.src.losses.loss as loss_mod
from keras.src.losses.losses import LossFunctionWrapper

keras.utils.set_random_seed(1106)
rng = np.random.default_rng(1106)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X @ np.array([[1.0], [-2.0], [0.5], [0.0]]) + rng.normal(size=(64, 1)) * 0.3).astype("float32")
SW = rng.uniform(0.5, 1.5, size=(64,)).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.03)
mse = keras.losses.MeanSquaredError()
huber = keras.losses.Huber(delta=0.5)

ORIG_RWV = loss_mod.reduce_weighted_values
ORIG_SCALE = loss_mod.scale_loss_for_distribution
DIV = 8.0


def mse_call(self, y_true, y_pred):
    return LossFunctionWrapper.call(self, y_true, y_pred) * 1.5


def rwv_sum(values, sample_weight=None, mask=None, reduction="sum_over_batch_size", dtype=None):
    return ORIG_RWV(values, sample_weight=sample_weight, mask=mask, reduction="sum",
                    dtype=dtype) / DIV


def train_step(x, y, sw):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = mse(y, pred) + huber(y, pred, sample_weight=sw)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


losses = []
for step in range(34):
    if step == 10:
        keras.losses.MeanSquaredError.call = mse_call
    elif step == 15:
        loss_mod.reduce_weighted_values = rwv_sum
    elif step == 19:
        DIV = 24.0
    elif step == 22:
        del keras.losses.MeanSquaredError.call
    elif step == 26:
        loss_mod.reduce_weighted_values = ORIG_RWV
        loss_mod.scale_loss_for_distribution = lambda value: value * 0.5
    elif step == 30:
        loss_mod.scale_loss_for_distribution = ORIG_SCALE
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]), tf.constant(SW[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)))

loss_mod.reduce_weighted_values = ORIG_RWV
loss_mod.scale_loss_for_distribution = ORIG_SCALE
print(json.dumps({
    "losses": losses,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
