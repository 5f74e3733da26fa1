"""Builds janus_ext against the interpreter that runs this file (the patched CPython)."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    name="janus_ext",
    ext_modules=cythonize(
        [Extension("janus_ext", ["janus_ext.pyx"])],
        compiler_directives={"language_level": 3},
        quiet=True,
    ),
)
