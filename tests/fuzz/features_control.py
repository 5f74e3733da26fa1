"""Fuzzer features: branches, loops, returns and recursion, on Python values and on tensors
(features.py lists them all)."""

from parts import Parts


def py_if_flag(r, u):
    flag = r.choice(["True", "False"])
    return Parts(("python_if", "global_read", "mutate_global"),
                 setup=f"FLAG_{u} = {flag}\n",
                 tape=f"if FLAG_{u}:\n    loss = loss * {r.choice(['1.25', '0.5', '2'])}\n",
                 mutations=(f"FLAG_{u} = not FLAG_{u}",))


def tensor_if(r, u):
    c = r.choice(["0.0", "0.05", "-0.05"])
    return Parts(("tensor_if",),
                 tape=f"if tf.reduce_mean(x) > {c}:\n    loss = loss + 0.1 * tf.reduce_mean(pred)\n"
                      f"else:\n    loss = loss * 0.9\n")


def tensor_if_write(r, u):
    return Parts(("tensor_if", "attr_write", "float_compare", "cond_write"),
                 state={f"best_{u}": "1e9", f"improved_{u}": "0"},
                 post=f"if loss < {{st}}best_{u}:\n    {{st}}best_{u} = float(loss)\n"
                      f"    {{st}}improved_{u} += 1\n")


def tensor_while(r, u):
    lim = r.choice(["3.0", "10.0", "40.0"])
    return Parts(("tensor_while", "int_counter"),
                 state={f"iters_{u}": "0"},
                 tape=f"v_{u} = tf.reduce_mean(tf.abs(pred)) + 0.5\nn_{u} = 0\n"
                      f"while v_{u} < {lim}:\n    v_{u} = v_{u} * 1.5\n    n_{u} += 1\n"
                      f"loss = loss + 0.001 * v_{u}\n",
                 post=f"{{st}}iters_{u} = n_{u}\n")


def tensor_loop(r, u):
    # Loops on tensors (runtime/janus/build/loops.py): over tf.range or the batch itself, with
    # a break/continue/early exit the data decides.
    header = r.choice([
        f"for t_{u} in tf.range(tf.shape(x)[0]):\n    r_{u} = tf.reduce_mean(x[t_{u}])\n",
        f"for row_{u} in x:\n    r_{u} = tf.reduce_mean(row_{u})\n"])
    leave = r.choice(["break", "continue"])
    c = r.choice(["0.0", "0.3", "-0.3"])
    return Parts(("tensor_for", "tensor_loop_exit", "int_counter"),
                 state={f"seen_{u}": "0"},
                 tape=f"acc_{u} = tf.zeros((), x.dtype)\nn_{u} = 0\n" + header +
                      f"    if r_{u} > {c}:\n        {leave}\n"
                      f"    acc_{u} = acc_{u} + r_{u}\n    n_{u} += 1\n"
                      f"loss = loss + 0.01 * acc_{u}\n",
                 post=f"{{st}}seen_{u} = n_{u}\n")


def python_while(r, u):
    start = r.choice(["37", "64", "1000", "5"])
    return Parts(("python_while", "int_counter", "mutate_state"),
                 state={f"k_{u}": start},
                 tape=f"k_{u} = {{st}}k_{u}\nhalvings_{u} = 0\nwhile k_{u} > 1:\n"
                      f"    k_{u} //= 2\n    halvings_{u} += 1\n"
                      f"loss = loss * (1.0 + 0.01 * halvings_{u})\n",
                 post=f"{{st}}k_{u} += 3\n",
                 mutations=(f"{{ST}}k_{u} = {r.choice(['2**40', '0', '7.5'])}",))


def for_break_continue(r, u):
    n, a, b = r.choice([(6, 1, 4), (5, 0, 3), (8, 2, 7)])
    return Parts(("for_range", "break", "continue"),
                 tape=f"for j_{u} in range({n}):\n    if j_{u} == {a}:\n        continue\n"
                      f"    if j_{u} == {b}:\n        break\n"
                      f"    loss = loss + 0.01 * j_{u} * tf.reduce_mean(pred)\n")


def early_return(r, u):
    n = r.choice([5, 12, 20])
    return Parts(("early_return", "attr_write"),
                 state={f"calls_{u}": "0"},
                 post=f"{{st}}calls_{u} += 1\n",
                 ret=f"if {{st}}calls_{u} > {n}:\n    return loss * 2\n")


def recursion_tree(r, u):
    return Parts(("recursion", "object_graph", "mutate_object"),
                 setup=f"class Node{u}:\n    def __init__(self, val, left=None, right=None):\n"
                       f"        self.val, self.left, self.right = val, left, right\n\n\n"
                       f"def tree_sum_{u}(node, w):\n    if node is None:\n"
                       f"        return tf.zeros((), tf.float64)\n"
                       f"    return node.val * w + tree_sum_{u}(node.left, w) + "
                       f"tree_sum_{u}(node.right, w)\n\n\n"
                       f"TREE_{u} = Node{u}(0.5, Node{u}(1.0), Node{u}(-0.25, Node{u}(2.0)))\n",
                 tape=f"loss = loss + 0.01 * tree_sum_{u}(TREE_{u}, tf.reduce_mean(pred))\n",
                 mutations=(r.choice([f"TREE_{u}.left.val = 3",
                                      f"TREE_{u}.right = None",
                                      f"TREE_{u}.left.left = Node{u}(-1.5)"]),))


def helper_call(r, u):
    return Parts(("helper_call", "mutate_global"),
                 setup=f"K_{u} = {r.choice(['1.0', '0.5'])}\n\n\n"
                       f"def scale_{u}(t, k):\n    return t * k + 0.0\n",
                 tape=f"loss = scale_{u}(loss, K_{u})\n",
                 mutations=(f"K_{u} = {r.choice(['2', '0.25', '1'])}",))


def nested_arm_rewrite(r, u):
    # A plateau counter (Keras' ReduceLROnPlateau): an arm of a branch on the loss writes
    # the counter, then writes it again on one arm of a nested branch.
    patience = r.choice(["2", "3"])
    return Parts(("tensor_if", "cond_write", "nested_cond_write", "attr_write"),
                 state={f"best_{u}": "1e9", f"wait_{u}": "0", f"hits_{u}": "0"},
                 post=f"if loss < {{st}}best_{u}:\n    {{st}}best_{u} = float(loss)\n"
                      f"    {{st}}wait_{u} = 0\nelse:\n    {{st}}wait_{u} += 1\n"
                      f"    if {{st}}wait_{u} >= {patience}:\n        {{st}}wait_{u} = 0\n"
                      f"        {{st}}hits_{u} += 1\n")


def arm_tape(r, u):
    # A second tape that is not persistent, used on one arm of a branch on its loss
    # (a skipped update): eagerly only the arm taken uses it.
    limit = r.choice(["0.5", "1.0", "2.0"])
    return Parts(("tensor_if", "several_tapes", "arm_tape"),
                 state={f"skipped_{u}": "0"},
                 post=f"with tf.GradientTape() as tape_{u}:\n"
                      f"    aux_{u} = tf.reduce_mean(forward({{m}}, x) ** 2)\n"
                      f"if aux_{u} < {limit}:\n"
                      f"    g_{u} = tape_{u}.gradient(aux_{u}, params({{m}}))\n"
                      f"    {{o}}.apply_gradients(zip([0.1 * g for g in g_{u}], params({{m}})))\n"
                      f"else:\n    {{st}}skipped_{u} += 1\n")


def cond_identity(r, u):
    # The caller's batch kept on one arm of a branch on a tensor, or chosen by one:
    # the oracle compares the state's identities (`ST.kept is ST.seen`).
    return Parts(("tensor_if", "tensor_identity", "cond_identity", "attr_write"),
                 state={f"kept_{u}": "None", f"seen_{u}": "None", f"pick_{u}": "None"},
                 post=f"{{st}}seen_{u} = x\nif tf.reduce_mean(pred) > 0:\n"
                      f"    {{st}}kept_{u} = x\n"
                      f"{{st}}pick_{u} = x if loss < {r.choice(['0.5', '1.0'])} else y\n")


def cond_closure(r, u):
    # tf.cond of lambdas over the step's locals (build/cond_calls.py): one arm's loss
    # uses a Python number the step binds, and after the update one arm hands back the
    # caller's batch itself (`chosen is x` eagerly on that arm only).
    return Parts(("tensor_if", "cond_closure", "tensor_identity", "attr_write"),
                 state={f"same_{u}": "None", f"chosen_{u}": "None"},
                 tape=f"scale_{u} = {r.choice(['0.5', '2.0'])}\n"
                      f"loss = tf.cond(tf.reduce_mean(pred) > 0, lambda: loss * scale_{u},\n"
                      f"               lambda: loss + 0.0)\n",
                 post=f"{{st}}chosen_{u} = tf.cond(loss < {r.choice(['0.5', '1.0'])}, "
                      f"lambda: x, lambda: x * 1.0)\n"
                      f"{{st}}same_{u} = {{st}}chosen_{u} is x\n")


def loop_identity(r, u):
    # A tensor the loop on a tensor carries, which starts as the caller's batch and
    # may run no pass (build/loops.py): `h is x` after it, and the tensor kept.
    return Parts(("tensor_for", "loop_identity", "tensor_identity", "attr_write"),
                 state={f"same_{u}": "None", f"last_{u}": "None"},
                 post=f"h_{u} = x\n"
                      f"for t_{u} in tf.range(tf.cast(tf.reduce_mean(x) > "
                      f"{r.choice(['0.0', '0.1'])}, tf.int32)):\n"
                      f"    h_{u} = h_{u} * 0.5\n"
                      f"{{st}}same_{u} = h_{u} is x\n{{st}}last_{u} = h_{u}\n")


def case_closure(r, u):
    # tf.case of lambdas over the step's locals (build/cond_calls.py): the first true
    # predicate's function, a default, exclusive or not.
    exclusive = r.choice(["False", "True"])
    return Parts(("tensor_if", "cond_closure", "case_closure"),
                 tape=f"m_{u} = tf.reduce_mean(pred)\n"
                      f"loss = tf.case([(m_{u} > 0.1, lambda: loss * 1.5),\n"
                      f"                (m_{u} < -0.1, lambda: loss * 0.5)],\n"
                      f"               default=lambda: loss + 0.0, exclusive={exclusive})\n")


def nested_choice(r, u):
    # The caller's batch chosen by a branch nested in an arm of another
    # (build/branches.py _choice_flags), and a Python float halved under an inner branch
    # or kept (a plateau scheduler): `pick is x`, and the float kept, compared by identity.
    return Parts(("tensor_if", "nested_choice", "tensor_identity", "attr_write"),
                 state={f"pick_{u}": "None", f"same_{u}": "None", f"rate_{u}": "0.1",
                        f"best_{u}": "1e9"},
                 post=f"{{st}}pick_{u} = x * 1.0 if loss < {r.choice(['0.3', '0.6'])} else "
                      f"(x if loss < {r.choice(['1.0', '2.0'])} else y)\n"
                      f"{{st}}same_{u} = {{st}}pick_{u} is x\n"
                      f"if loss < {{st}}best_{u}:\n    {{st}}best_{u} = float(loss)\n"
                      f"else:\n    if loss > {r.choice(['0.5', '1.5'])}:\n"
                      f"        {{st}}rate_{u} = {{st}}rate_{u} * 0.5\n",
                 mutations=(f"{{ST}}best_{u} = 0.0",))
