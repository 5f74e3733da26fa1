"""Fuzzer features: what the program sees fail or print: assertions, numerics checks,
exceptions caught or escaping, prints, warnings (features.py lists them all)."""

from parts import Parts


def tf_assert(r, u):
    return Parts(("tf_assert", "failing_tf_op", "mutate_global"),
                 setup=f"LIM_{u} = 100.0\n",
                 tape=f"tf.debugging.assert_less(tf.reduce_mean(tf.abs(x)), "
                      f"tf.constant(LIM_{u}, tf.float64))\n",
                 mutations=(f"LIM_{u} = 0.001", f"LIM_{u} = 100.0"))


def check_numerics(r, u):
    return Parts(("check_numerics", "failing_tf_op", "mutate_global"),
                 setup=f"NUM_{u} = 1.0\n",
                 tape=f"loss = tf.debugging.check_numerics(loss * NUM_{u}, 'loss{u}')\n",
                 mutations=(f"NUM_{u} = float('nan')", f"NUM_{u} = 1.0"))


def gather_oob(r, u):
    return Parts(("gather", "failing_tf_op", "mutate_global"),
                 setup=f"TBL_{u} = tf.constant([1.0, 2.0, 3.0], tf.float64)\nIDX_{u} = [0, 2]\n",
                 tape=f"loss = loss + 0.01 * tf.reduce_sum(tf.gather(TBL_{u}, IDX_{u}))\n",
                 mutations=(f"IDX_{u} = [0, 7]", f"IDX_{u} = [1]"))


def raise_caught(r, u):
    p = r.choice([3, 4, 7])
    return Parts(("exception_caught", "raise"),
                 state={f"ok_{u}": "0", f"bad_{u}": "0", f"t_{u}": "0"},
                 post=f"{{st}}t_{u} += 1\ntry:\n    if {{st}}t_{u} % {p} == 1:\n"
                      f"        raise ValueError('every {p}th')\n    {{st}}ok_{u} += 1\n"
                      f"except ValueError:\n    {{st}}bad_{u} += 1\n")


def suppress_ctx(r, u):
    return Parts(("context_manager", "tf_assert", "mutate_global"),
                 setup=f"SUP_{u} = 1e6\nSUPPRESSED_{u} = []\n",
                 tape=f"with contextlib.suppress(tf.errors.InvalidArgumentError):\n"
                      f"    tf.debugging.assert_less(loss, tf.constant(SUP_{u}, tf.float64))\n"
                      f"    SUPPRESSED_{u}.append(0)\n",
                 mutations=(f"SUP_{u} = -1.0", f"SUP_{u} = 1e6"))


def step_exception(r, u):
    return Parts(("uncaught_in_step", "mutate_global"),
                 setup=f"FAIL_{u} = False\n",
                 post=f"if FAIL_{u}:\n    raise RuntimeError('fail{u}')\n",
                 mutations=(f"FAIL_{u} = True", f"FAIL_{u} = False"))


def print_in_step(r, u):
    return Parts(("print",),
                 state={f"p_{u}": "0"},
                 post=f"{{st}}p_{u} += 1\nprint('fz{u}', {{st}}p_{u}, float(loss))\n")


def print_container(r, u):
    return Parts(("print", "print_container", "list_write"),
                 setup=f"HIST_{u} = []\n",
                 post=f"HIST_{u}.append(len(HIST_{u}))\nprint('hist{u}', HIST_{u}[-3:], len(HIST_{u}))\n")


def print_order(r, u):
    # print and tf.print to stdout, in program order.
    return Parts(("print", "tf_print"),
                 state={f"po_{u}": "0"},
                 post=f"{{st}}po_{u} += 1\nprint('po{u}', {{st}}po_{u})\n"
                      f"tf.print('tp{u}', {{st}}po_{u}, output_stream=sys.stdout)\n")


def step_warning(r, u):
    # warnings.warn in the step (build/warning_calls.py): shown per the filters, into
    # the module's __warningregistry__ (a global the oracle compares); the loop changes
    # the filters mid-run.
    action = r.choice(["default", "always"])
    return Parts(("step_warning", "mutate_global"),
                 setup=f"import warnings\nwarnings.simplefilter({action!r})\n",
                 post=f"warnings.warn('step {u} ran', UserWarning)\n"
                      f"if loss > {r.choice(['0.5', '1.0'])}:\n"
                      f"    warnings.warn('loss {u} is high', RuntimeWarning)\n",
                 mutations=("warnings.filterwarnings('ignore', category=RuntimeWarning)",
                            "warnings.simplefilter('always')"))
