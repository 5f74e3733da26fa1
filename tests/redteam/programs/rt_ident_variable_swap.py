"""A model holds its weights in a list of tf.Variables; the step reads self.params and also
checks `self.active is self.params[0]`. At step 10 the loop rebinds self.active to a second
variable (a "shadow" copy) and at step 20 aliases params[1] to params[0]'s variable object
(weight tying). A converter that keyed its graph on the old variables trains the wrong ones."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(53)
tf.keras.backend.set_floatx("float64")


class Tied:
    def __init__(self, rng):
        self.params = [tf.Variable(rng.normal(size=(4, 4)) * 0.3, name="a"),
                       tf.Variable(rng.normal(size=(4, 4)) * 0.3, name="b")]
        self.shadow = tf.Variable(np.eye(4) * 0.5, name="shadow")
        self.active = self.params[0]

    def forward(self, x):
        h = tf.tanh(x @ self.active)
        return h @ self.params[1]


rng = np.random.default_rng(18)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 4)) * 0.5)
M = Tied(rng)


def train_step(x, y):
    vars_ = [M.active, M.params[1]]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(M.forward(x) - y))
    grads = tape.gradient(loss, vars_)
    for v, g in zip(vars_, grads):
        v.assign_sub(0.05 * g)
    tied = M.active is M.params[0]
    return loss, tied, M.params[1] is M.params[0]


for step in range(30):
    if step == 10:
        M.active = M.shadow
    if step == 20:
        M.params[1] = M.params[0]
    loss, tied, alias = train_step(X, Y)
    print(step, repr(float(loss)), tied, alias, M.active.name)

for v in [M.params[0], M.shadow]:
    print(v.name, v.numpy().ravel()[:5].tolist())
