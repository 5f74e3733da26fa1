"""janus-python's stand-in for Horovod (importable only when Horovod itself is not
installed): `horovod.tensorflow`'s TF2 API over janus's MPI collectives."""
