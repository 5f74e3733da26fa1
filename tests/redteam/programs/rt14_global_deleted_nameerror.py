"""Optional distillation: the step looks up a module-level TEACHER model and, when
the name does not exist, catches NameError and trains on the labels alone.  The loop
`del`s the global at step 12 (teacher released to free memory), binds a NEW teacher
model under the same name at step 24 (different weights, built on first call), and
removes it again with globals().pop at step 34.  A second knob: the trainer's
temperature is an instance attribute shadowing a class default; the loop `del`s the
instance attribute at step 18 (falling back to Trainer.temperature) and the class
default itself is changed at step 30.

Probes: guards on the ABSENCE of a global and on attribute deletion.  A converter
that guards TEACHER by identity but not by presence keeps calling the released
teacher (it is still referenced by the graph), builds a NameError path once and keeps
it after the name comes back, or misses the fallback from instance to class
attribute after `del`.  The printed mode, temperature and weights diverge.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1417)
rng = np.random.default_rng(1417)

N_STEPS = 42
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
YS = np.eye(3, dtype=np.float32)[rng.integers(0, 3, size=(N_STEPS, 8))]


def make_teacher(seed):
    init = keras.initializers.RandomNormal(stddev=0.8, seed=seed)
    return keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, kernel_initializer=init)])


TEACHER = make_teacher(1)


class Trainer:
    temperature = 2.0

    def __init__(self):
        self.temperature = 4.0
        self.student = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
        self.opt = keras.optimizers.SGD(learning_rate=0.1)
        self.modes = []

    def train_step(self, x, y):
        t = self.temperature
        try:
            soft = tf.nn.softmax(TEACHER(x) / t)
            mode = "distill"
        except NameError:
            soft = y
            mode = "labels"
        with tf.GradientTape() as tape:
            logits = self.student(x)
            hard = keras.losses.categorical_crossentropy(y, logits, from_logits=True)
            dist = keras.losses.categorical_crossentropy(soft, logits / t, from_logits=True)
            loss = tf.reduce_mean(0.5 * hard + 0.5 * dist)
        vars_ = self.student.trainable_variables
        self.opt.apply_gradients(zip(tape.gradient(loss, vars_), vars_))
        self.modes.append(mode)
        return loss, mode, t


TR = Trainer()
for step in range(N_STEPS):
    if step == 12:
        del TEACHER
    if step == 18:
        del TR.temperature
    if step == 24:
        TEACHER = make_teacher(2)
    if step == 30:
        Trainer.temperature = 1.5
    if step == 34:
        globals().pop("TEACHER")
    loss, mode, t = TR.train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    if step % 3 == 0 or step in (12, 18, 24, 30, 34):
        print(step, repr(float(loss)), mode, t,
              "k00=%r" % float(TR.student.layers[0].kernel.numpy()[0, 0]))

print(json.dumps({
    "kernel": [repr(float(v)) for v in TR.student.layers[0].kernel.numpy().ravel()],
    "modes": "".join(m[0] for m in TR.modes),
    "has_teacher": "TEACHER" in globals(),
    "temperature": TR.temperature,
}))
