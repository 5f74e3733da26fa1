"""logging from inside the step, with a format that shows *where* the record was made
(`%(funcName)s:%(lineno)d`, `%(module)s`), lazy %-args that are tensors and Python floats,
a program Filter with a counter, a LoggerAdapter, and the logger's level changed mid-run.

The handler writes to sys.stdout. The step logs at INFO every call, at DEBUG through
`if log.isEnabledFor(logging.DEBUG):` (an expensive debug branch that also computes a
gradient norm), and through an adapter with `extra`.
Step 14: log.setLevel(DEBUG) (the debug branch starts running; its records appear).
Step 20: the Filter's DROP set gains "adapter" (the filter drops adapter records).
Step 26: log.setLevel(WARNING) (INFO records stop; a WARNING record on a high loss remains).
Step 31: the handler's formatter is replaced by one without the call site.
A wrong converter replays records from its own frame (wrong funcName/lineno/module), decides
isEnabledFor once at build time, or formats the lazy args at the wrong time."""
import logging
import random
import sys

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2715)
random.seed(2715)
rng = np.random.default_rng(2715)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

SEEN = {"n": 0}
DROP = set()


class CountFilter(logging.Filter):
    def filter(self, record):
        SEEN["n"] += 1
        return not any(tag in record.getMessage() for tag in DROP)


log = logging.getLogger("rt7.train")
log.setLevel(logging.INFO)
log.propagate = False
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s %(module)s.%(funcName)s:%(lineno)d %(message)s"))
handler.addFilter(CountFilter())
log.addHandler(handler)
adapter = logging.LoggerAdapter(log, {"run": "rt7"})

W1 = tf.Variable(rng.normal(size=(64, 32)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(32, 10)).astype("float32") * 0.1)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        logits = tf.nn.relu(x @ W1) @ W2
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.3 * g1)
    W2.assign_sub(0.3 * g2)
    lv = float(loss)
    log.info("step %d loss %.6f raw %r", step, lv, loss)
    if log.isEnabledFor(logging.DEBUG):
        gn = float(tf.linalg.global_norm([g1, g2]))
        log.debug("debug gnorm=%s w2sum=%s", repr(gn), tf.reduce_sum(W2))
    adapter.info("adapter step %s", step)
    if lv > 1.6:
        log.warning("high loss %.3f", lv)
    return loss


for step in range(38):
    if step == 14:
        log.setLevel(logging.DEBUG)
    elif step == 20:
        DROP.add("adapter")
    elif step == 26:
        log.setLevel(logging.WARNING)
    elif step == 31:
        handler.setFormatter(logging.Formatter("[%(levelname)s] %(message)s"))
    i = (step * 16) % (len(X) - 16)
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]), step)
    print(f"{step} {float(loss)!r} seen={SEEN['n']}")

print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
