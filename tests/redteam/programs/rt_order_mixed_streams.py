"""print, tf.print(output_stream=sys.stdout), sys.stdout.write and logging (to stdout) are
interleaved inside the step, around the optimizer update; stdout is line-buffered so the
order is fixed. At step 10 the loop raises the logger's level (info lines stop) and at step
20 adds a second handler. A converter that groups or reorders these effects differs."""
import logging
import sys

import numpy as np
import tensorflow as tf

sys.stdout.reconfigure(line_buffering=True)
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="LOG %(levelname)s %(message)s")
LOGGER = logging.getLogger("train")

tf.keras.utils.set_random_seed(41)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(12)
X = tf.constant(rng.normal(size=(24, 4)))
Y = tf.constant(rng.normal(size=(24, 2)))
model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
opt = tf.keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y, step):
    print("  A start", step)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    tf.print("  B tf.print loss", loss, output_stream=sys.stdout)
    sys.stdout.write("  C write " + str(step) + "\n")
    LOGGER.info("D info step=%d loss=%.6f", step, float(loss))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    LOGGER.warning("E warn %s", step % 3)
    tf.print("  F after", opt.iterations, output_stream=sys.stdout)
    print("  G end", float(loss) > 1.0)
    print("  Z", step, float(loss), sep="|", end=";\n")
    return loss


for step in range(30):
    if step == 10:
        LOGGER.setLevel(logging.WARNING)
    if step == 20:
        h = logging.StreamHandler(sys.stdout)
        h.setFormatter(logging.Formatter("H2 %(message)s"))
        LOGGER.addHandler(h)
    loss = train_step(X, Y, step)
    print(step, repr(float(loss)))

print("kernel", model.layers[0].kernel.numpy().ravel().tolist())
