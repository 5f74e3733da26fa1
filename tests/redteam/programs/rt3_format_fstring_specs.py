"""f-strings, format() and str.format of values the step computes: nested width/precision
specs from globals, spec without a type ('.3' differs from '.3g'), bools under int specs
(format(True, '>6') is '     1'), '=', '!r', ',', '_x', '#b', '%', 'z', int under 'f'.
At step 12 the loop changes the global PREC (used in nested specs) from 3 to 6."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(62)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(62)
X = tf.constant(rng.normal(size=(18, 3)))
Y = tf.constant(rng.normal(size=(18, 1)))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.5, name="w")
OPT = tf.keras.optimizers.SGD(0.06)
WIDTH = 10
PREC = 3
SPEC = ".3"
OUT = []


def train_step(i):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) - Y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    v = float(loss)
    n = int(v * 1e6)
    flag = v < 1.0
    neg0 = v * -0.0
    a = f"{v:{WIDTH}.{PREC}f}|{v:<{WIDTH}.{PREC}e}|{n:>{WIDTH},}|{v=}|{v!r:>24}"
    b = format(v, SPEC) + "|" + format(v, ".3g") + "|" + format(n, "_x") + "|" + format(n, "#b")[-6:] + "|" + format(float(n // 100000), SPEC) + "|" + format(float(n // 100000), ".3g")
    c = "{0:^12}|{1:>6}|{1:d}|{1}|{2:.1%}|{3:z.2f}|{3:.2f}|{4:.2f}|{4}".format(v / 3.0, flag, v / 10.0, neg0, n // 1000)
    d = f"{i:+04d}|{-n:o}|{n % 7!s}|{float(n):.1f}|{round(v, 2)}|{v:g}|{v * 1e-7:g}|{v:}|{v:.{PREC}}"
    line = " ".join((a, b, c, d))
    OUT.append(line)
    print(line)
    return loss


for i in range(30):
    if i == 12:
        PREC = 6
    train_step(i)

print(f"summary {len(OUT)} {OUT[0][:12]!r} {float(tf.reduce_sum(W))!r}")
