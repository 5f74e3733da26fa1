"""An interpreted training step (an unknown C call, zlib.crc32, on the logits' bytes
keeps it in the interpreter) updates a Mean metric and an AUC metric at two sites, reads
`float(mean.result())` between them to decide whether to reset the AUC metric, and calls
`reset_state()` from inside the step on some calls.  Probes: metric sites whose state
the same interpreted call reads and resets between them."""
import random
import numpy
random.seed(29)
numpy.random.seed(29)
import zlib
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3329)
rng = np.random.default_rng(3329)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] + 0.3 * XS[:, 1:2] > 0).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="relu"), keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
mean = keras.metrics.Mean()
auc = keras.metrics.AUC(num_thresholds=20)
RESETS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    c = zlib.crc32(logits.numpy().tobytes()) % 5
    mean(loss)
    m = float(mean.result())
    if c == 0 or m > 0.69:
        auc.reset_state()
        RESETS.append(step)
    auc(y, tf.sigmoid(logits))
    return loss, m, float(auc.result())


for step in range(36):
    i = (step * 8) % 88
    loss, m, a = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, float(loss).hex(), m.hex(), a.hex())

print("resets", RESETS)
print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
