"""zip(range(n), gen(), strict=True): range runs out first at n, and zip(strict)
then asks the generator once more (it yields one more, so ValueError), which the step
catches and counts; when the loop makes n match, zip ends cleanly.  The generator
records each resume."""
import json
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)
RESUMES = []
LIMIT = [3]
ERRORS = [0]


def weights():
    for k in range(4):
        RESUMES.append(k)
        yield 1.0 / (k + 1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        total = loss * 0.0
        try:
            for k, w in zip(range(LIMIT[0]), weights(), strict=True):
                total = total + loss * w
        except ValueError:
            ERRORS[0] += 1
            total = total + loss
    OPT.apply_gradients([(tape.gradient(total, W), W)])
    return total


for step in range(16):
    if step == 8:
        LIMIT[0] = 4
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(RESUMES), ERRORS[0])
print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))
