"""The step increments a class attribute (Stats.calls += 1) and reads self.calls through the
instance; it also reads a class-level coefficient. At step 9 the loop gives the instance its
own calls attribute (shadowing the class's: reads change, writes still go to the class), at
step 18 changes the class coefficient through a subclass the instance is switched to (via
__class__), at step 26 deletes the shadow. Reads through the instance must follow CPython."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(101)
tf.keras.backend.set_floatx("float64")


class Stats:
    calls = 0
    coef = 0.1

    def bump(self):
        Stats.calls += 1
        return self.calls


class FastStats(Stats):
    coef = 0.3


rng = np.random.default_rng(37)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))
ST = Stats()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    seen = ST.bump()
    W.assign_sub(ST.coef * tape.gradient(loss, W))
    return loss, seen


for step in range(32):
    if step == 9:
        ST.calls = 100
    if step == 18:
        ST.__class__ = FastStats
    if step == 26:
        del ST.calls
    loss, seen = train_step(X, Y)
    print(step, repr(float(loss)), seen, Stats.calls, ST.coef, vars(ST))

print("W", W.numpy().ravel().tolist(), Stats.calls, FastStats.calls)
