"""The program's own @tf.function helpers, called from the step, log every trace (append to a list,
print at trace time, count per Python argument). At step 10 the loop changes the Python float
`CFG["scale"]` handed to a helper, so eager retraces it once.
Expects the trace log, trace-time prints, per-step trace counts and losses to match the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(303)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(303)
X = tf.constant(rng.normal(size=(20, 5)))
Y = tf.constant(rng.normal(size=(20, 1)))

TRACE_LOG = []
TRACES_BY_ARG = {}
CFG = {"scale": 1.0, "k": 2}


@tf.function
def scaled_act(h, scale):
    TRACE_LOG.append(f"scaled_act scale={scale!r} type={type(scale).__name__} h={tuple(h.shape)}")
    TRACES_BY_ARG[repr(scale)] = TRACES_BY_ARG.get(repr(scale), 0) + 1
    print(f"  [trace] scaled_act with scale={scale!r}")
    return tf.tanh(h) * scale


@tf.function(reduce_retracing=True)
def pooled(h, k):
    TRACE_LOG.append(f"pooled k={k!r} type={type(k).__name__}")
    print(f"  [trace] pooled k={k!r}")
    return tf.reduce_mean(tf.reshape(h, (-1, k)), axis=1, keepdims=True)


class Model:
    def __init__(self):
        self.w1 = tf.Variable(rng.normal(size=(5, 8)) * 0.4)
        self.w2 = tf.Variable(rng.normal(size=(4, 1)) * 0.4)
        self.calls = 0

    def step(self, x, y):
        self.calls += 1
        with tf.GradientTape() as tape:
            h = scaled_act(tf.matmul(x, self.w1), CFG["scale"])
            p = pooled(tf.reshape(h, (-1, 8)), CFG["k"])       # (20*4, 1)
            p = tf.reshape(p, (-1, 4))
            out = tf.matmul(p, self.w2)
            loss = tf.reduce_mean(tf.square(out - y))
        grads = tape.gradient(loss, [self.w1, self.w2])
        for v, g in zip([self.w1, self.w2], grads):
            v.assign_sub(0.2 * g)
        print(f"step {self.calls - 1:2d} traces={len(TRACE_LOG)} scale={CFG['scale']!r} loss={float(loss)!r}")
        return loss


MODEL = Model()
LOSSES = []
for step in range(30):
    if step == 10:
        CFG["scale"] = 0.5
    LOSSES.append(float(MODEL.step(X, Y)))

print(f"final traces={len(TRACE_LOG)} by_arg={sorted(TRACES_BY_ARG.items())} log={TRACE_LOG}")
