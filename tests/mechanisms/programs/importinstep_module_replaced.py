"""The step imports a helper module by name (`import rt_helpers`) that the loop
registered in sys.modules; at step 10 the loop puts another module object under that
name (a hot reload), at step 16 it removes the name and the step's import then has to
run the import system (a finder the loop installed makes the module again)."""
import random
import sys
import types

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(8)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


def make_module(scale):
    module = types.ModuleType("rt_helpers")
    module.SCALE = scale
    return module


class Finder:
    """Makes rt_helpers when the import system looks for it."""

    def find_spec(self, name, path=None, target=None):
        if name != "rt_helpers":
            return None
        import importlib.util
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return make_module(0.25)

    def exec_module(self, module):
        print("  loading rt_helpers")


sys.meta_path.append(Finder())
sys.modules["rt_helpers"] = make_module(1.0)


def train_step(x):
    import rt_helpers
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * rt_helpers.SCALE
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


for i in range(22):
    if i == 10:
        sys.modules["rt_helpers"] = make_module(0.5)
    if i == 16:
        del sys.modules["rt_helpers"]
    loss = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)))
print(w.numpy().ravel().tolist(), sys.modules["rt_helpers"].SCALE)
