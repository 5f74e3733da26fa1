# janus-python as a container image: `make image` builds it, `make test-image` tests it.
#
#   build stage    the project's own `make install PREFIX=/opt/janus` (no second recipe)
#   runtime stage  the base image + the runtime libraries, the prefix, ssh for MPI workers
#
# Build arguments (make image passes them; all have defaults):
#   BASE        base image of both stages; default the Debian release the Makefile targets
#   TF          cpu (default) or gpu: requirements/$TF.txt (gpu is built but untested)
#   VERSION, SOURCE, TF_VERSION   image labels; TF_VERSION is checked against what installs
#   JANUS_UID   uid of the unprivileged user `janus` the image runs as
ARG BASE=debian:bookworm-slim

FROM ${BASE} AS build
ARG TF=cpu
ARG TF_VERSION=
ENV DEBIAN_FRONTEND=noninteractive
WORKDIR /src
# Each layer below holds one stage of `make`, so an edit to runtime/ rebuilds neither
# CPython (6 min on 2 cores) nor re-downloads the dependencies.
COPY tools/deps.sh tools/deps.sh
RUN apt-get update -q && apt-get install -y -q --no-install-recommends ca-certificates \
    && tools/deps.sh install
# Only what `make cpython` reads: an edit elsewhere in tools/ keeps this layer.
COPY Makefile ./
COPY tools/cpython-key.sh tools/build-cpython.sh tools/fetch-cpython.sh tools/stage.sh tools/
COPY cpython-patches/ cpython-patches/
RUN make cpython
# The building machine's local CAs (deploy/image/extra-ca/README.md), for pip's HTTPS.
COPY deploy/image/extra-ca/ /usr/local/share/ca-certificates/
ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt
RUN update-ca-certificates
COPY requirements/ requirements/
# Fills pip's cache only: `make install` below installs from it with the same pins.
RUN JANUS_MODE=off "/root/.cache/janus-python/cpython-$(make -s key)/bin/python3.13" -m pip \
        download -q --disable-pip-version-check -d /tmp/wheels -r "requirements/$TF.txt" \
    && rm -rf /tmp/wheels
COPY . .
RUN make install PREFIX=/opt/janus TF="$TF"
# The TF_VERSION label must say what is installed.
RUN installed=$(JANUS_MODE=off /opt/janus/bin/python3.13 -c \
        'import importlib.metadata as m; print(m.version("tensorflow-cpu" if "'"$TF"'" == "cpu" else "tensorflow"))') \
    && if [ -n "$TF_VERSION" ] && [ "$installed" != "$TF_VERSION" ]; then \
        echo "error: TF_VERSION=$TF_VERSION but $installed is installed" >&2; exit 1; fi
# Out of the runtime image: what only a compiler could use (the static libpython, TF's
# C++ headers; janus's own TF ops are built above) and CPython's test suite (make
# test-cpython runs it from a source checkout's prefix). 0.5 GB.
# Also out: the build and test tools and the TensorBoard viewer with what only it pulled
# in (requirements/not-in-image.txt says why each goes; 0.33 GB).
RUN JANUS_MODE=off /opt/janus/bin/python3.13 -m pip uninstall -q -y --root-user-action=ignore \
        -r requirements/not-in-image.txt
RUN rm -rf /opt/janus/lib/python3.13/test /opt/janus/lib/libpython3.13.a \
        /opt/janus/lib/python3.13/config-3.13-x86_64-linux-gnu/libpython3.13.a \
        /opt/janus/lib/python3.13/site-packages/tensorflow/include
RUN mkdir -p /opt/janus/share/janus-python/demo \
    && cp bench/models/lenet.py bench/models/common.py deploy/mpi_allreduce.py \
        /opt/janus/share/janus-python/demo/

FROM ${BASE}
ARG TF=cpu
ARG VERSION=unknown
ARG SOURCE=unknown
ARG TF_VERSION=unknown
ARG JANUS_UID=1000
LABEL org.opencontainers.image.title="janus-python" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.janus-python.tensorflow.variant="${TF}" \
      org.janus-python.tensorflow.version="${TF_VERSION}"
# Only what the prefix loads at run time (the stdlib's C modules' libraries; libstdc++
# and libgomp for TensorFlow and janus_ext) plus ssh: no compiler, no headers, no apt lists.
# The host keys openssh-server generates are removed: every container would share them;
# MPI workers use the key the operator mounts (deploy/image/sshd_config).
RUN apt-get update -q \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        ca-certificates libssl3 libffi8 zlib1g libbz2-1.0 liblzma5 libsqlite3-0 \
        libreadline8 libncursesw6 libuuid1 libstdc++6 libgomp1 \
        openssh-client openssh-server \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /etc/ssh/ssh_host_*
RUN useradd --create-home --uid "${JANUS_UID}" --shell /bin/bash janus \
    && mkdir -p /workspace /run/sshd /etc/janus /etc/mpi \
    && chown janus:janus /workspace
COPY deploy/image/sshd_config /etc/janus/sshd_config
COPY deploy/image/ssh_config /etc/ssh/ssh_config.d/janus.conf
COPY --from=build /opt/janus /opt/janus
ENV PATH=/opt/janus/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8
# Fails the build if a runtime library is missing (the interpreter's C modules, TF,
# mpi4py's MPICH, the janus extension).
# (HOME elsewhere: matplotlib, which TF imports, would leave a font cache in /root.)
# tf.summary lives in the tensorboard package, which stays when its server goes.
RUN HOME=/tmp/import-check JANUS_MODE=off janus-python -c "import ssl, ctypes, sqlite3, \
readline, curses, lzma, bz2, zlib, uuid, tensorflow as tf, keras, mpi4py.MPI, janus_ext, janus; \
w = tf.summary.create_file_writer('/tmp/import-check/events'); \
w.as_default().__enter__(); assert tf.summary.scalar('x', 1.0, step=0)" \
    && rm -rf /tmp/import-check
USER janus
WORKDIR /workspace
CMD ["janus-python"]
