"""An EMA decay is a class attribute default (`Trainer.decay = 0.9`).  The step reads
`self.decay`, and on calls where the caller passes `anneal=True` it writes
`self.decay = self.decay * 0.5 + 0.5` (an instance attribute now shadows the class
one).  At step 12 the loop deletes the instance attribute (`del tr.decay`, revealing
the class default again); at step 18 it changes the class default (`Trainer.decay =
0.5`); at step 24 it sets the class default again while an instance attribute
shadows it.  janus must tell instance from class attribute at each call."""
import random

import numpy

random.seed(64)
numpy.random.seed(64)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4264)
rng = np.random.default_rng(4264)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS[:, 3:4] - XS[:, :1]).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
EMA = tf.Variable(np.zeros((4, 1), np.float32))


class Trainer:
    decay = 0.9

    def step(self, x, y, anneal):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        W.assign_sub(0.1 * tape.gradient(loss, W))
        d = self.decay
        EMA.assign(d * EMA + (1.0 - d) * W)
        if anneal:
            self.decay = self.decay * 0.5 + 0.5
        return loss, d


tr = Trainer()
for step in range(30):
    if step == 12:
        del tr.decay
    if step == 18:
        Trainer.decay = 0.5
    if step == 24:
        Trainer.decay = 0.7
    anneal = step in (3, 4, 5, 20, 21, 22)
    i = (step * 8) % 88
    loss, d = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), anneal)
    print(step, repr(float(loss)), repr(d), "decay" in vars(tr), repr(Trainer.decay))

print(json.dumps({"EMA": [repr(float(v)) for v in EMA.numpy().ravel()],
                  "decay": repr(tr.decay)}))
