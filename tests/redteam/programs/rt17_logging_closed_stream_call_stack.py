"""The step logs its loss through a logging.StreamHandler whose stream the loop
closes at step 14 (a "rotation" that forgot to update the handler) and replaces at
step 20.  stderr is captured in a StringIO for the run.

When a handler's stream.write raises, logging does not propagate the error: it
calls Handler.handleError, which writes "--- Logging error ---", the exception and a
"Call stack:" of the frames *live at the logging call* to sys.stderr.  In eager that
stack ends in train_step at the logger.info line, under the loop's call at module
level.  A graph that replayed the logging call at its commit would hand logging a
stack of the runtime's frames instead (no train_step frame, or another line).  The
JSON lists, per logging error, the program's own frames (function name and line)
that the captured Call stack shows, plus the messages and arguments reported.
Probes: logging's error path triggered by a failing stream, not a bad format."""
import io
import json
import logging
import os
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1212)
rng = np.random.default_rng(1212)

XS = rng.normal(size=(90, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)

LOGGER = logging.getLogger("rt17.closed_stream")
LOGGER.setLevel(logging.INFO)
LOGGER.propagate = False
STREAMS = [io.StringIO()]
HANDLER = logging.StreamHandler(STREAMS[0])
HANDLER.setFormatter(logging.Formatter("%(funcName)s:%(lineno)d %(message)s"))
LOGGER.addHandler(HANDLER)
CAPTURED_ERR = io.StringIO()
sys.stderr = CAPTURED_ERR


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    LOGGER.info("step %d loss %.5f", step, float(loss))
    return loss


for step in range(28):
    if step == 14:
        STREAMS[-1].close()
    if step == 20:
        STREAMS.append(io.StringIO())
        HANDLER.stream = STREAMS[-1]
    i = (step * 10) % 80
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]), step)
    print(step, repr(float(loss)), CAPTURED_ERR.getvalue().count("--- Logging error ---"))

sys.stderr = sys.__stderr__
LOGGER.removeHandler(HANDLER)


def parse_errors(text, own):
    """Each logging error's frames from this file (line, function), and the
    Message/Arguments lines, without any path."""
    stacks, messages = [], []
    for block in text.split("--- Logging error ---")[1:]:
        after = block.split("Call stack:", 1)[1] if "Call stack:" in block else ""
        frames = []
        for line in after.splitlines():
            line = line.strip()
            if line.startswith("File ") and own in line:
                parts = line.split(", ")
                frames.append([parts[1], parts[2]])
            if line.startswith("Message:") or line.startswith("Arguments:"):
                messages.append(line)
        stacks.append(frames)
    exc_lines = sorted({ln for ln in text.splitlines() if ln.startswith("ValueError")})
    return stacks, messages, exc_lines


STACKS, MESSAGES, EXC_LINES = parse_errors(CAPTURED_ERR.getvalue(), os.path.basename(__file__))
del CAPTURED_ERR
print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "errors": len(STACKS),
    "stacks": STACKS,
    "messages": MESSAGES,
    "exception_lines": EXC_LINES,
    "second_log_lines": STREAMS[-1].getvalue().splitlines()[-2:],
    "iterations": int(OPT.iterations.numpy()),
}))
