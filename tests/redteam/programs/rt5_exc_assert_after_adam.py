"""A weight-norm watchdog: after the Adam update the step asserts
`tf.debugging.assert_less(max|kernel|, MAX_ABS)` and increments a Python counter before the
check. At step 12 the loop tightens MAX_ABS from 10.0 to 0.9, so the assertion fails from
step 20 on (once the kernel grows past it); the loop catches InvalidArgumentError and goes on. In eager the update,
Adam's iteration and slots, and the counter all landed before the failing check."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(519)

rng = np.random.default_rng(23)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = (XS @ np.array([[2.0], [-1.0], [0.5], [0.0]]) + 0.3 * rng.normal(size=(64, 1))).astype("float32")
dense = tf.keras.layers.Dense(1)
dense.build((None, 4))
opt = tf.keras.optimizers.Adam(0.08)
MAX_ABS = 10.0
CHECKS = 0
FAILED = []


def train_step(x, y):
    global CHECKS
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(dense(x) - y))
    grads = tape.gradient(loss, dense.trainable_variables)
    opt.apply_gradients(zip(grads, dense.trainable_variables))
    CHECKS += 1
    tf.debugging.assert_less(tf.reduce_max(tf.abs(dense.kernel)), MAX_ABS,
                             message="kernel too large")
    return loss


for step in range(32):
    if step == 12:
        MAX_ABS = 0.9
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, repr(float(loss)), CHECKS, int(opt.iterations), repr(float(dense.kernel[0, 0])))
    except tf.errors.InvalidArgumentError as e:
        FAILED.append(step)
        print(step, "watchdog", type(e).__name__, CHECKS, int(opt.iterations),
              repr(float(dense.kernel[0, 0])))

print("FAILED", FAILED)
print("kernel", dense.kernel.numpy().ravel().tolist())
print("opt", [(v.name, v.numpy().ravel().tolist()) for v in opt.variables])
