"""Text of exceptions caught INSIDE the step.  The program's exception class Budget (no
__init__/__new__, so BaseException makes its instances) overrides __str__ to read a class
attribute and a global dict; Missing subclasses KeyError (whose own __str__ reprs the key).
From step 10 (flag STRICT) the step raises Budget("over") on its Python path and catches it,
recording str(e), repr(e) and f"{e}"; it also looks up a missing key in a dict and records
str() of the KeyError, and raises Missing(("w", 2)).  Step 20: the program changes
Budget.unit (class attribute) and LIMITS["cap"] (read by __str__).  Probes: str/repr/format
of exception objects built in a converted step when the class overrides __str__ or
inherits KeyError's special __str__."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1235)
rng = np.random.default_rng(1235)

LIMITS = {"cap": 5}


class Budget(Exception):
    unit = "steps"

    def __str__(self):
        return f"budget {self.unit} cap={LIMITS['cap']}"


class Missing(KeyError):
    pass


XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
TABLE = {"lr": 0.05}
STRICT = False
MSGS = []


def train_step(x, y):
    lr = TABLE["lr"]
    if STRICT:
        try:
            raise Budget("over")
        except Budget as e:
            MSGS.append([str(e), repr(e), f"{e}"])
            lr = 0.02
        try:
            lr = TABLE["warmup_lr"]
        except KeyError as e:
            MSGS.append(["key", str(e)])
        try:
            raise Missing(("w", 2))
        except KeyError as e:
            MSGS.append(["missing", str(e), repr(e)])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(lr * g)
    return loss


for step in range(30):
    if step == 10:
        STRICT = True
    if step == 20:
        Budget.unit = "epochs"
        LIMITS["cap"] = 9
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MSGS[-3:] if MSGS else [])

print(json.dumps({"n": len(MSGS), "W": [repr(float(v)) for v in W.numpy().ravel()]}))
