"""A data loader bug yields an empty batch at steps 13 and 21. The step applies its SGD-with-
momentum update (zero gradients, but the momentum still moves the weights), increments
UPDATES, and then computes a per-sample loss as `float(total) / n`, which raises
ZeroDivisionError for n == 0 before SAMPLES is incremented. The loop catches it and goes on:
in eager the update and UPDATES landed, SAMPLES and LAST_PER_SAMPLE did not change."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(520)

rng = np.random.default_rng(24)
XS = rng.normal(size=(72, 4)).astype("float32")
YS = (XS @ rng.normal(size=(4, 1)) + 0.2).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.05, momentum=0.9)
UPDATES = 0
SAMPLES = 0
LAST_PER_SAMPLE = None
ERRORS = []


def train_step(x, y):
    global UPDATES, SAMPLES, LAST_PER_SAMPLE
    n = x.shape[0]
    with tf.GradientTape() as tape:
        sq = tf.square(model(x, training=True) - y)
        total = tf.reduce_sum(sq)
        loss = total / 8.0
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    UPDATES += 1
    LAST_PER_SAMPLE = float(total) / n
    SAMPLES += n
    return loss


for step in range(30):
    i = (step * 8) % 64
    if step in (13, 21):
        i = 72
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    try:
        loss = train_step(x, y)
        print(step, repr(float(loss)), UPDATES, SAMPLES, repr(LAST_PER_SAMPLE))
    except ZeroDivisionError as e:
        ERRORS.append((step, str(e)))
        print(step, "empty batch", UPDATES, SAMPLES, repr(float(model.layers[0].bias[0])))

print("ERRORS", ERRORS)
print("kernel", model.layers[0].kernel.numpy().ravel().tolist(), int(opt.iterations))
