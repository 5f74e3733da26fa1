"""Int/float arithmetic on Python numbers that the step computes from the loss and a global
DIVISOR: true and floor division, %, divmod, round() to int and to digits, int() truncation
of negatives, all printed with repr. At step 10 DIVISOR is rebound from the int 4 to the float
4.0 and at step 20 to -3 (negative floor/mod). A converter must give CPython's types and signs."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(72)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(22)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.array([[0.5], [-0.5], [0.25]]))
DIVISOR = 4
RECORD = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    milli = int(float(loss) * 1000)
    centered = float(loss) - 1.0
    a = milli / DIVISOR
    b = milli // DIVISOR
    c = milli % DIVISOR
    d = divmod(step, DIVISOR)
    e = round(centered * 10)
    f = int(centered * 10)
    g = round(float(loss), 2)
    h = round(2.5 + step % 2)
    RECORD.append((a, b, c, d, e, f, g, h))
    return loss, (a, b, c, d, e, f, g, h)


for step in range(30):
    if step == 10:
        DIVISOR = 4.0
    if step == 20:
        DIVISOR = -3
    loss, vals = train_step(X, Y, step)
    print(step, repr(float(loss)), repr(vals), [type(v).__name__ for v in vals])

print("record tail", RECORD[-2:])
print("W", W.numpy().ravel().tolist())
