"""A PiecewiseConstantDecay schedule is built from numpy arrays of boundaries and values,
and the training loop lowers the learning rates in place (`LR_VALUES *= 0.5`, a plateau
rule) at step 14. Eager's schedule reads the array on every optimizer step, so every later
update uses the halved rates; the schedule object and the optimizer are unchanged."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(501)

rng = np.random.default_rng(5)
XS = rng.normal(size=(64, 6)).astype("float32")
YS = (XS @ rng.normal(size=(6, 1)) + 0.1).astype("float32")

LR_BOUNDS = np.array([10, 20], dtype=np.int64)
LR_VALUES = np.array([0.05, 0.02, 0.01], dtype=np.float32)
SCHEDULE = tf.keras.optimizers.schedules.PiecewiseConstantDecay(LR_BOUNDS, LR_VALUES)

model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(8, activation="tanh"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(learning_rate=SCHEDULE, momentum=0.5)
mse = tf.keras.losses.MeanSquaredError()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = mse(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


PLATEAU = 0
for step in range(32):
    if step == 14:
        LR_VALUES *= 0.5
        PLATEAU += 1
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), int(opt.iterations))

print("LR_VALUES", LR_VALUES.tolist(), "PLATEAU", PLATEAU)
print("w", [round(float(v), 7) for v in model.layers[-1].kernel.numpy().ravel()])
