"""Logging through a logging.handlers.QueueHandler into a queue.Queue (the usual
QueueHandler/QueueListener setup, drained by hand here).  Right after its logger.info
call the step reads LOGQ.qsize() and, once five records are pending, drains the queue
and prints how many it flushed and the last message.  In eager the record is in the
queue as soon as logger.info returns, so the count includes this call's record.  A graph
that emits the log record at its commit reads a queue size one short (and a drain that
ran at build time would empty the queue once instead of every fifth call).  Probes:
logging handlers whose effect (a queued record) the step reads back at once."""
import json
import logging
import logging.handlers
import queue

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1608)
rng = np.random.default_rng(1608)

XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = (XS[:, :2] @ np.array([[0.7], [-1.1]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)

LOGQ = queue.Queue()
LOG = logging.getLogger("rt16.queue")
LOG.addHandler(logging.handlers.QueueHandler(LOGQ))
LOG.setLevel(logging.INFO)
LOG.propagate = False
FLUSHES = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    LOG.info("step %d loss %.5f", step, float(loss))
    pending = LOGQ.qsize()
    if pending >= 5:
        drained = []
        while not LOGQ.empty():
            drained.append(LOGQ.get_nowait().getMessage())
        FLUSHES.append(len(drained))
        print(f"flushed {len(drained)} records, last: {drained[-1]}")
    scale = 1.0 + 0.1 * pending
    OPT.apply_gradients([(grads[0] * scale, W)])
    return loss, pending


for step in range(30):
    i = (step * 8) % 72
    loss, pending = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), "pending", pending, "queue now", LOGQ.qsize())

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "flushes": FLUSHES,
    "left_in_queue": LOGQ.qsize(),
    "iterations": int(OPT.iterations.numpy()),
}))
