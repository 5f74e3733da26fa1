"""Float64 expressions whose value a graph optimiser could rewrite: log(1 + x) with tiny x (->
log1p), exp(x) - 1 (-> expm1), a*b + a*c with cancellation (-> a*(b+c)), x*x, 1/sqrt. Eager
evaluates them op by op; a rewritten graph differs far beyond 1e-9 relative. At step 10 the
Python scale EPS shrinks from 1e-6 to 1e-10 (making the rounding gaps larger)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(83)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(26)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.5)
BIG = tf.constant(1e8 + 1.0, dtype=tf.float64)
NEG = tf.constant(-1e8, dtype=tf.float64)
EPS = 1e-6
PARTS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        mse = tf.reduce_mean(tf.square(pred - y))
        small = tf.reduce_mean(tf.square(W)) * EPS
        t1 = tf.math.log(1.0 + small)
        t2 = tf.exp(small) - 1.0
        a = mse * 0.1
        t3 = a * BIG + a * NEG
        t4 = tf.math.rsqrt(mse) * tf.sqrt(mse) - 1.0 / tf.sqrt(mse) * tf.sqrt(mse)
        loss = mse + t1 + t2 + t3 * 1e-3 + t4
    W.assign_sub(0.1 * tape.gradient(loss, W))
    PARTS.append((float(t1), float(t2), float(t3), float(t4)))
    return loss, t1, t2, t3, t4


for step in range(30):
    if step == 10:
        EPS = 1e-10
    loss, t1, t2, t3, t4 = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(t1)), repr(float(t2)), repr(float(t3)), repr(float(t4)))

print("W", W.numpy().ravel().tolist())
print("parts", PARTS[-1])
