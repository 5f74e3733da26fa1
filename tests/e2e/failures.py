"""Training steps that fail inside, at chosen steps, under janus and JANUS_MODE=off.

Each scenario runs its step STEPS times and makes it fail at FAIL_AT: the first graph
call (right after the build; the JANUS_HOT=3 calls before it are profiled) and a call
after many graph calls.  A failure is a user assertion, check_numerics on a NaN, a
gather out of range, or a check after, between or inside updates.  The driver catches
what a step raises, as a training loop that skips bad batches would; one step suppresses
its failing assertion with a context manager.  Two steps write tf.summary events, read
back at the end.

Prints one JSON document: per scenario what each step returned or raised, the
variables, the optimizers' iterations and slots and the Python state the steps touched
(all with their types, typed.py), the lines tf.print wrote, and (under janus) what janus
did with each function.
"""

import io
import json
import os
import sys
import tempfile

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(5)
STEPS = 24
FAIL_AT = (3, 20)
TF_PRINTED = os.path.join(tempfile.mkdtemp(), "tf_print.txt")
PRINT_TO = "file://" + TF_PRINTED        # tf.print appends here, in both modes
rng = np.random.default_rng(5)
results = {}


class Linear:
    def __init__(self, n_in, n_out):
        self.w = tf.Variable(rng.normal(size=(n_in, n_out)) * 0.3)
        self.b = tf.Variable(np.zeros(n_out))
        self.calls = 0

    def params(self):
        return [self.w, self.b]

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b


def mse(model, x, y):
    return tf.reduce_mean(tf.square(model(x) - y))


def batch(i, n=8):
    data = np.random.default_rng(100 + i)
    return data.normal(size=(n, 4)), data.normal(size=(n, 1))


def run(name, step, make_args, state):
    """Call step(*make_args(i, failing)) STEPS times; record results and exceptions."""
    outcome = []
    for i in range(STEPS):
        try:
            outcome.append(typed(step(*make_args(i, i in FAIL_AT))))
        except Exception as exc:
            outcome.append({"raised": type(exc).__name__,
                            "message": str(exc).strip().splitlines()[0],
                            "context": type(exc.__context__).__name__})
    results[name] = {"steps": outcome, "state": typed(state)}


def optimizer_state(opt):
    return {"iterations": opt.iterations, "slots": list(opt.variables)}


# 1. A user assertion on the batch, before any update.
model_1, opt_1, log_1 = Linear(4, 1), tf.keras.optimizers.SGD(0.1), {"calls": 0}


def assert_step(model, opt, x, y):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), tf.constant(50.0, tf.float64), message="input too large")
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    log_1["calls"] += 1
    return loss


def assert_args(i, failing):
    x, y = batch(i)
    return model_1, opt_1, x * (100.0 if failing else 1.0), y


run("assert", assert_step, assert_args,
    {"model": model_1.params(), "opt": optimizer_state(opt_1), "log": log_1})


# 2. check_numerics on a NaN loss, after a tf.print of it (a failing call prints once).
model_2, opt_2, log_2 = Linear(4, 1), tf.keras.optimizers.Adam(0.05), {"losses": []}


def numerics_step(model, opt, x, y):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
        tf.print("loss", loss, output_stream=PRINT_TO)
        loss = tf.debugging.check_numerics(loss, "loss")
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    log_2["losses"].append(loss)
    return loss


def numerics_args(i, failing):
    x, y = batch(i)
    if failing:
        x[0, 0] = np.nan
    return model_2, opt_2, x, y


run("numerics", numerics_step, numerics_args,
    {"model": model_2.params(), "opt": optimizer_state(opt_2), "log": log_2})


# 3. A gather out of range in the forward pass.
FEATURES = np.random.default_rng(7).normal(size=(10, 4))
model_3, opt_3 = Linear(4, 1), tf.keras.optimizers.SGD(0.1, momentum=0.9)
seen_3 = []


def gather_step(model, opt, rows, y):
    x = tf.gather(FEATURES, rows)
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    seen_3.append(rows)
    return loss


def gather_args(i, failing):
    rows = np.random.default_rng(i).integers(0, 10, size=8)
    if failing:
        rows[3] = 10
    return model_3, opt_3, tf.constant(rows), batch(i)[1]


run("gather", gather_step, gather_args,
    {"model": model_3.params(), "opt": optimizer_state(opt_3), "seen": seen_3})


# 4. After the optimizer update: tf.print of the new weights, then a gather from them
#    out of range.
model_4, opt_4, log_4 = Linear(4, 3), tf.keras.optimizers.Adam(0.05), {"picked": []}


def after_update_step(model, opt, x, y, column):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.reduce_sum(model(x), axis=1, keepdims=True) - y))
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    tf.print("weights", tf.reduce_sum(model.w), output_stream=PRINT_TO)
    picked = tf.gather(model.w, column, axis=1)
    log_4["picked"].append(picked)
    return loss, picked


def after_update_args(i, failing):
    x, y = batch(i)
    return model_4, opt_4, x, y, tf.constant(7 if failing else i % 3)


run("after_update", after_update_step, after_update_args,
    {"model": model_4.params(), "opt": optimizer_state(opt_4), "log": log_4})


# 5. Between two updates: a step counter variable, a check of it, then the optimizer.
model_5, opt_5 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
counter_5 = tf.Variable(np.float64(0.0))
totals_5 = {"steps": 0}


def between_step(model, opt, counter, x, y, scale):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    counter.assign_add(1.0)
    checked = tf.debugging.check_numerics(counter * scale, "counter")
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    totals_5["steps"] += 1
    return loss, checked


def between_args(i, failing):
    x, y = batch(i)
    return model_5, opt_5, counter_5, x, y, \
        tf.constant(np.nan if failing else 0.5, tf.float64)


run("between", between_step, between_args,
    {"model": model_5.params(), "opt": optimizer_state(opt_5), "counter": counter_5,
     "totals": totals_5})


# 6. A check that comes after the update in program order but reads nothing it wrote.
model_6, opt_6 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
counter_6 = tf.Variable(np.float64(0.0))


def later_check_step(model, opt, counter, x, y, scale):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    counter.assign_add(1.0)
    tf.debugging.assert_positive(scale, message="scale must be positive")
    return loss


def later_check_args(i, failing):
    x, y = batch(i)
    return model_6, opt_6, counter_6, x, y, tf.constant(-1.0 if failing else 1.0,
                                                        tf.float64)


run("later_check", later_check_step, later_check_args,
    {"model": model_6.params(), "opt": optimizer_state(opt_6), "counter": counter_6})


# 7. GAN-style: two tapes, two optimizers; the generator's loss reads the discriminator
#    just updated, and is checked between the two tape steps.
gen, disc = Linear(2, 4), Linear(4, 1)
g_opt, d_opt = tf.keras.optimizers.Adam(0.01), tf.keras.optimizers.SGD(0.05, momentum=0.5)
gan_log = {"d_losses": [], "g_losses": []}


def gan_step(gen, disc, g_opt, d_opt, noise, real, scale):
    with tf.GradientTape() as d_tape:
        d_loss = tf.reduce_mean(tf.nn.softplus(-disc(real))) + \
            tf.reduce_mean(tf.nn.softplus(disc(gen(noise))))
    d_grads = d_tape.gradient(d_loss, disc.params())
    d_opt.apply_gradients(zip(d_grads, disc.params()))
    with tf.GradientTape() as g_tape:
        g_loss = tf.reduce_mean(tf.nn.softplus(-disc(gen(noise))))
        g_loss = tf.debugging.check_numerics(g_loss * scale, "generator loss")
    g_grads = g_tape.gradient(g_loss, gen.params())
    g_opt.apply_gradients(zip(g_grads, gen.params()))
    gan_log["d_losses"].append(d_loss)
    gan_log["g_losses"].append(g_loss)
    gen.calls += 1
    return d_loss, g_loss


def gan_args(i, failing):
    data = np.random.default_rng(200 + i)
    return gen, disc, g_opt, d_opt, data.normal(size=(8, 2)), \
        data.normal(size=(8, 4)), tf.constant(np.inf if failing else 1.0, tf.float64)


run("gan", gan_step, gan_args,
    {"gen": gen, "disc": disc.params(), "g_opt": optimizer_state(g_opt),
     "d_opt": optimizer_state(d_opt), "log": gan_log})


# 8. A cond whose arm checks, then updates (the profile saw both ways).
model_8, opt_8 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
counter_8 = tf.Variable(np.float64(0.0))


def cond_step(model, opt, counter, x, y, positive, scale):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    if positive:
        counter.assign_add(tf.debugging.check_numerics(scale, "scale"))
    return loss


def cond_args(i, failing):
    x, y = batch(i)
    return model_8, opt_8, counter_8, x, y, tf.constant(failing or i % 2 == 0), \
        tf.constant(np.nan if failing else 1.0, tf.float64)


run("cond", cond_step, cond_args,
    {"model": model_8.params(), "opt": optimizer_state(opt_8), "counter": counter_8})


# 9. The arm tf.prints before its check: the print is output, replayed after the graph
#    only when the arm ran and the call did not fail, so the graph converts.
model_9, opt_9 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
counter_9 = tf.Variable(np.float64(0.0))


def print_in_arm_step(model, opt, counter, x, y, positive, scale):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    if positive:
        tf.print("positive", scale, output_stream=PRINT_TO)
        counter.assign_add(tf.debugging.check_numerics(scale, "scale"))
    return loss


def print_in_arm_args(i, failing):
    x, y = batch(i)
    return model_9, opt_9, counter_9, x, y, tf.constant(failing or i % 2 == 0), \
        tf.constant(np.nan if failing else 1.0, tf.float64)


run("print_in_arm", print_in_arm_step, print_in_arm_args,
    {"model": model_9.params(), "opt": optimizer_state(opt_9), "counter": counter_9})


# 10. The graph ran and its updates landed; then a Python write fails as it is replayed
#     (a print to a text stream whose device breaks).  The call must raise, not run
#     again.  (A stream whose own write() is the program's code keeps the step in the
#     interpreter: the step could read back what it did.)
class FlakyDevice(io.RawIOBase):
    def __init__(self):
        self.lines, self.broken = [], False

    def writable(self):
        return True

    def write(self, data):
        if self.broken:
            raise OSError("stream broken")
        self.lines.append(bytes(data).decode())
        return len(data)


device_10 = FlakyDevice()
model_10, opt_10 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
stream_10 = io.TextIOWrapper(device_10, write_through=True)
log_10 = {"before": 0, "after": 0}


def landed_step(model, opt, x, y):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    log_10["before"] += 1
    print("step", loss, file=stream_10)
    log_10["after"] += 1
    return loss


def landed_args(i, failing):
    device_10.broken = failing
    return (model_10, opt_10, *batch(i))


run("landed", landed_step, landed_args,
    {"model": model_10.params(), "opt": optimizer_state(opt_10), "log": log_10,
     "lines": device_10.lines})


# 11. An assertion inside a `with` whose __exit__ suppresses it: the update before the
#     block lands, the counter after the assertion inside the block does not, and the
#     step returns normally (eager's order of effects).
class Suppress:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        return kind is not None and issubclass(kind, tf.errors.InvalidArgumentError)


model_11, opt_11 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
counter_11 = tf.Variable(np.float64(0.0))
SUPPRESS = Suppress()


def suppressed_step(model, opt, counter, x, y, scale):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    with SUPPRESS:
        tf.debugging.assert_positive(scale, message="scale must be positive")
        counter.assign_add(1.0)
    return loss


def suppressed_args(i, failing):
    x, y = batch(i)
    return model_11, opt_11, counter_11, x, y, tf.constant(-1.0 if failing else 1.0,
                                                           tf.float64)


run("suppressed", suppressed_step, suppressed_args,
    {"model": model_11.params(), "opt": optimizer_state(opt_11), "counter": counter_11})


# 12-13. tf.summary writes under a default writer: a failing call writes no event, its
#        re-run in the interpreter writes them once.  The check is on the batch (the
#        writes wait for it), or on the variable just updated (they wait for it too: an
#        event cannot be undone).
SUMMARY_DIR = tempfile.mkdtemp()
writer = tf.summary.create_file_writer(SUMMARY_DIR)
model_12, opt_12 = Linear(4, 1), tf.keras.optimizers.SGD(0.05)
model_13, opt_13 = Linear(4, 1), tf.keras.optimizers.Adam(0.05)


def summary_barrier_step(model, opt, x, y, scale):
    with tf.GradientTape() as tape:
        loss = mse(model, x, y)
    tf.summary.scalar("barrier/loss", loss, step=opt.iterations)
    tf.debugging.check_numerics(scale * tf.reduce_sum(x), "batch")
    grads = tape.gradient(loss, model.params())
    opt.apply_gradients(zip(grads, model.params()))
    tf.summary.scalar("barrier/w", tf.reduce_sum(model.w), step=opt.iterations)
    return loss


def summary_snapshot_step(model, opt, x, y, scale):
    with writer.as_default():
        with tf.GradientTape() as tape:
            loss = mse(model, x, y)
        tf.summary.scalar("snapshot/loss", loss, step=opt.iterations)
        grads = tape.gradient(loss, model.params())
        opt.apply_gradients(zip(grads, model.params()))
        tf.summary.scalar("snapshot/w", tf.reduce_sum(model.w), step=opt.iterations)
        tf.debugging.check_numerics(scale * tf.reduce_sum(model.w), "weights")
    return loss


def summary_args(model, opt):
    def make(i, failing):
        x, y = batch(i)
        return model, opt, x, y, tf.constant(np.nan if failing else 1.0, tf.float64)
    return make


with writer.as_default():
    run("summary_barrier", summary_barrier_step, summary_args(model_12, opt_12),
        {"model": model_12.params(), "opt": optimizer_state(opt_12)})
run("summary_snapshot", summary_snapshot_step, summary_args(model_13, opt_13),
    {"model": model_13.params(), "opt": optimizer_state(opt_13)})
writer.flush()
results["summaries"] = [
    [event.step, value.tag, float(tf.make_ndarray(value.tensor))]
    for path in sorted(os.listdir(SUMMARY_DIR))
    for event in tf.compat.v1.train.summary_iterator(os.path.join(SUMMARY_DIR, path))
    for value in event.summary.value]

with open(TF_PRINTED) as f:
    results["tf_printed"] = f.read().splitlines()
if "janus" in sys.modules:
    import janus
    results["janus"] = {name.split(" ")[0]: info for name, info in janus.stats().items()}
print(json.dumps(results))
