"""The step makes a generator from a generator function of the program that yields
warm-up scales computed from the step's loss and a global factor (read at each resume),
takes the first two values inside the step (they scale the gradients), and stores the
generator on the trainer.  The loop then resumes the stored generator once outside the
step (it reads the global FACTOR, which the loop changes at call 9 and 17, and a counter
it increments), and also inspects `gi_frame is None` / `inspect.getgeneratorstate`.
Probes: a generator the step makes, partially consumed, escaping to the caller and
resumed there."""
import inspect
import random

import numpy

random.seed(3933)
numpy.random.seed(3933)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3933)
rng = np.random.default_rng(3933)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.5)
OPT = keras.optimizers.SGD(0.05)
FACTOR = 0.5


class Counter:
    resumes = 0


def scales(base):
    k = 0
    while True:
        Counter.resumes += 1
        yield base * FACTOR ** k
        k += 1


class Trainer:
    gen = None


TR = Trainer()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, [W])
    gen = scales(float(loss))
    a = next(gen)
    b = next(gen)
    OPT.apply_gradients([(g[0] * (a + b), W)])
    TR.gen = gen
    return loss, a, b


for step in range(26):
    if step == 9:
        FACTOR = 0.25
    if step == 17:
        FACTOR = 2.0
    i = (step * 8) % 56
    loss, a, b = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    c = next(TR.gen)
    print(step, repr(float(loss)), repr(a), repr(b), repr(c), Counter.resumes,
          inspect.getgeneratorstate(TR.gen), TR.gen.gi_frame.f_locals.get("k"))

print("W", W.numpy().ravel().tolist())
print("final", Counter.resumes, repr(next(TR.gen)))
