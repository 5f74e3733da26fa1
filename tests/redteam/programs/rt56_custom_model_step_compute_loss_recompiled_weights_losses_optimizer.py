"""A keras.Model subclass with two named outputs trains through its own method `fit_batch`
(the loop's step), which uses the compiled configuration: `self.compute_loss(...)`,
`self.optimizer.apply(...)` and `self.compute_metrics(...)`.  Mid-run the program calls
`compile()` again, as staged fine-tuning does: step 10 new loss_weights (same optimizer
object), step 17 a new optimizer (SGD with momentum) and the regression loss switched
from "mse" to a Huber object, step 24 new metrics (the compiled metrics are rebuilt and
make their variables at their first update), step 29 the Huber's delta edited through
its `_fn_kwargs`.  Probes: `compile()` replacing `_compile_loss`, `_compile_metrics` and
`optimizer` on the model between converted calls; a step that is the program's own
method of a Keras model."""
import random

import numpy

random.seed(5640)
numpy.random.seed(5640)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5640)
rng = np.random.default_rng(5640)
XS = rng.normal(size=(160, 5)).astype(np.float32)
Y_REG = (XS[:, :1] * 1.5 - XS[:, 1:2]).astype(np.float32)
Y_CLS = (XS[:, 2:3] + XS[:, 3:4] > 0).astype(np.float32)


class TwoHead(keras.Model):
    def __init__(self):
        super().__init__()
        self.trunk = keras.layers.Dense(12, activation="relu")
        self.reg = keras.layers.Dense(1, name="reg")
        self.cls = keras.layers.Dense(1, name="cls")

    def call(self, x, training=False):
        h = self.trunk(x)
        return {"reg": self.reg(h), "cls": self.cls(h)}

    def fit_batch(self, x, y):
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply(grads, self.trainable_variables)
        return loss, self.compute_metrics(x, y, pred)


MODEL = TwoHead()
MODEL(XS[:2])
HUBER = keras.losses.Huber(delta=1.0)
MODEL.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01),
              loss={"reg": "mse", "cls": keras.losses.BinaryCrossentropy(from_logits=True)},
              loss_weights={"reg": 1.0, "cls": 0.5},
              metrics={"cls": [keras.metrics.BinaryAccuracy(threshold=0.0)]})

for step in range(34):
    if step == 10:
        MODEL.compile(optimizer=MODEL.optimizer,
                      loss={"reg": "mse", "cls": keras.losses.BinaryCrossentropy(from_logits=True)},
                      loss_weights={"reg": 0.2, "cls": 2.0},
                      metrics={"cls": [keras.metrics.BinaryAccuracy(threshold=0.0)]})
    if step == 17:
        MODEL.compile(optimizer=keras.optimizers.SGD(learning_rate=0.05, momentum=0.8),
                      loss={"reg": HUBER, "cls": keras.losses.BinaryCrossentropy(from_logits=True)},
                      loss_weights={"reg": 0.2, "cls": 2.0},
                      metrics={"cls": [keras.metrics.BinaryAccuracy(threshold=0.0)]})
    if step == 24:
        MODEL.compile(optimizer=MODEL.optimizer,
                      loss={"reg": HUBER, "cls": keras.losses.BinaryCrossentropy(from_logits=True)},
                      loss_weights={"reg": 0.2, "cls": 2.0},
                      metrics={"reg": [keras.metrics.MeanAbsoluteError()],
                               "cls": [keras.metrics.BinaryAccuracy(threshold=0.5)]})
    if step == 29:
        HUBER._fn_kwargs["delta"] = 0.1
    i = (step * 10) % 150
    y = {"reg": tf.constant(Y_REG[i:i + 10]), "cls": tf.constant(Y_CLS[i:i + 10])}
    loss, metrics = MODEL.fit_batch(tf.constant(XS[i:i + 10]), y)
    print(step, repr(float(loss)), {k: repr(float(v)) for k, v in sorted(metrics.items())})

print(json.dumps({"trunk": [repr(float(v)) for v in MODEL.trunk.kernel.numpy().ravel()[:6]],
                  "reg": [repr(float(v)) for v in MODEL.reg.kernel.numpy().ravel()[:6]],
                  "cls": [repr(float(v)) for v in MODEL.cls.kernel.numpy().ravel()[:6]]}))
