"""printf-style formatting of numbers the step computes: %s/%r/%d/%i/%+d/% d/%05d/%x/%#X/%o,
%5.2e/%.3g/%E/%-8s/%.3s/%.0f/%f of a bool/%% and tuples mixing constants and computed values.
%-7s/%6s of a bool. At step 11 the loop flips the global TAG from the str "warm" to the
int 7 (shown by %-8s, %s and %r); every line must equal the interpreter's."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(61)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(61)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)) * 2.0)
W = tf.Variable(rng.normal(size=(3, 1)), name="w")
OPT = tf.keras.optimizers.SGD(0.07)
PREC = 4
FMT = "loss %%.%df | " % PREC
TAG = "warm"
LINES = []


def train_step(step):
    with tf.GradientTape() as tape:
        pred = tf.matmul(X, W)
        loss = tf.reduce_mean(tf.square(pred - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    n = int(v * 1000)
    d = n - 3650
    low = v < 3.63
    neg0 = -0.0 * v
    head = FMT % v
    body = "s=%s r=%r n=%d i=%i sign=%+d sp=% d z=%05d hx=%x HX=%#X o=%o" % (v, n, n, step, d, d, d, d, n, d)
    tail = "e=%5.2e g=%.3g E=%E tag=%-8s| t3=%.3s f0=%.0f fb=%f bd=%d bs=%s pct=%d%% n0=%.2f bl=%-7s|br=%6s|" % (
        v, v, v, TAG, v, v * 2 - 0.5, low, low, low, n % 100, neg0, low, low)
    tup = "%s %r" % ((step, v), (TAG, low))
    line = head + body + " " + tail + " " + tup
    LINES.append(line)
    print(line)
    return loss


for i in range(30):
    if i == 11:
        TAG = 7
    train_step(i)

print("summary %d lines, last %r, W %r" % (len(LINES), LINES[-1][:20], float(tf.reduce_sum(W))))
