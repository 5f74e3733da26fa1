"""A logging.LoggerAdapter whose `extra` is the program's own dict CTX, which the step
rewrites BETWEEN its log calls (phase "fwd" -> "bwd" -> "upd"; the adapter reads CTX when
each call is made), and a Logger subclass installed with logging.setLoggerClass whose
makeRecord numbers records from a class-level counter. The format shows %(phase)s, %(seq)d
and %(funcName)s. Step 10: the program replaces the adapter with one built with
merge_extra=True over the same dict, and the step starts passing extra={"phase": "fwd*"}
on its first call (merged over CTX). Step 20: the program sets CTX["run"] = "b" from
outside. Probes: logging through stdlib wrappers whose context objects the call mutates
between the log calls, and custom record factories, when records are replayed after the
call."""
import json
import logging
import sys

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1240)
rng = np.random.default_rng(1240)


class Numbered(logging.Logger):
    seq = 0

    def makeRecord(self, *args, **kwargs):
        rec = super().makeRecord(*args, **kwargs)
        Numbered.seq += 1
        rec.seq = Numbered.seq
        return rec


logging.setLoggerClass(Numbered)
LOG = logging.getLogger("rt12.adapter")
logging.setLoggerClass(logging.Logger)
LOG.setLevel(logging.INFO)
LOG.propagate = False
_h = logging.StreamHandler(sys.stdout)
_h.setFormatter(logging.Formatter("#%(seq)d %(run)s/%(phase)s %(funcName)s %(message)s"))
LOG.addHandler(_h)

CTX = {"run": "a", "phase": "init"}
ADAPTER = logging.LoggerAdapter(LOG, CTX)
PER_CALL = False

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))


def train_step(x, y):
    CTX["phase"] = "fwd"
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    if PER_CALL:
        ADAPTER.info("loss %.5f", float(loss), extra={"phase": "fwd*"})
    else:
        ADAPTER.info("loss %.5f", float(loss))
    CTX["phase"] = "bwd"
    g = tape.gradient(loss, W)
    ADAPTER.info("gnorm %.5f", float(tf.norm(g)))
    CTX["phase"] = "upd"
    W.assign_sub(0.05 * g)
    ADAPTER.info("done")
    return loss


for step in range(30):
    if step == 10:
        ADAPTER = logging.LoggerAdapter(LOG, CTX, merge_extra=True)
        PER_CALL = True
    if step == 20:
        CTX["run"] = "b"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({"seq": Numbered.seq, "ctx": CTX,
                  "W": [repr(float(v)) for v in W.numpy().ravel()]}))
