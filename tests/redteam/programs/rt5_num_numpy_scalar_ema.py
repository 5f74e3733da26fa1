"""Loss smoothing with numpy scalars: the step returns `loss.numpy()` (an np.float32 scalar)
and the loop-side helper keeps EMA = DECAY * EMA + (1 - DECAY) * v, which stays np.float32
while DECAY is a Python float (NumPy 2's weak Python scalars). At step 14 DECAY is recomputed
from a numpy horizon as `1 - 1 / np.float64(20)` (an np.float64), so eager's EMA becomes
np.float64 from then on; the helper runs TF ops, prints type names and reprs."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(522)

rng = np.random.default_rng(26)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = (XS[:, :1] ** 2 - XS[:, 1:2]).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(6, activation="relu"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.02)
DECAY = 0.9
EMA = 0.0
EMA_TYPES = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss.numpy()


def track(v, x):
    global EMA
    EMA = DECAY * EMA + (1 - DECAY) * v
    spread = tf.math.reduce_std(model(x, training=False)).numpy()
    if not EMA_TYPES or EMA_TYPES[-1] != type(EMA).__name__:
        EMA_TYPES.append(type(EMA).__name__)
    return spread


for step in range(30):
    if step == 14:
        DECAY = 1 - 1 / np.float64(20)
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    v = train_step(x, y)
    spread = track(v, x)
    print(step, repr(v), repr(EMA), repr(spread))

print("EMA_TYPES", EMA_TYPES, "DECAY", repr(DECAY))
