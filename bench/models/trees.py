"""Binary trees over words of the standard library's docstrings, shared by the tree models.

Each "sentence" is a run of 4-12 words; it is binarised deterministically by splitting
at the middle, recursively.  Its label is a 3-way class of how many of its words are
common (a task a tree model can learn).  Leaves hold word indices; trees are plain
Python objects, as a user would write them.
"""

import re
import sysconfig
from collections import Counter
from pathlib import Path

VOCAB = 1000


class Node:
    __slots__ = ("word", "left", "right")

    def __init__(self, word=None, left=None, right=None):
        self.word, self.left, self.right = word, left, right

    @property
    def is_leaf(self):
        return self.left is None


def binarise(words):
    if len(words) == 1:
        return Node(word=words[0])
    middle = len(words) // 2
    return Node(left=binarise(words[:middle]), right=binarise(words[middle:]))


def sentences(count, seed=0):
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    text = []
    for path in sorted(stdlib.glob("*.py"))[:40]:
        text += re.findall(r"[a-z]+", path.read_text(encoding="utf-8",
                                                     errors="replace").lower())
    ranked = {w: i for i, (w, _) in enumerate(Counter(text).most_common())}
    index = [min(ranked[w], VOCAB - 1) for w in text]
    out, position, length = [], 0, 4
    while len(out) < count:
        words = index[position:position + length]
        common = sum(w < 50 for w in words) * 3 // len(words)
        out.append((binarise(words), min(common, 2)))
        position += length
        length = 4 + (length * 7 + seed) % 9
    return out
