"""bin/janus-python behaves like python3.13 (flags, argv, exit codes, stdin, venv, pip)."""

import sys
import zipfile

import pytest
from conftest import REPO, run_python

MODES = ["on", "off"]


def test_runs_tests_under_janus_python():
    assert "janus-python" in sys.version
    assert sys.implementation.name == "cpython"


@pytest.mark.parametrize("mode", MODES)
def test_version_names_the_build_and_platform_still_parses(mode):
    r = run_python(["-c", "import sys, platform; print(sys.version); "
                          "print(sys.implementation.name, platform.python_implementation(), "
                          "platform.python_version(), platform.python_build()[0])"], mode=mode)
    assert r.returncode == 0, r.stderr
    version, impl = r.stdout.splitlines()
    assert version.startswith("3.13.5 (janus-python, ")
    assert impl == "cpython CPython 3.13.5 janus-python"


@pytest.mark.parametrize("mode", MODES)
def test_argv_and_exit_code_of_a_script(tmp_path, mode):
    script = tmp_path / "s.py"
    script.write_text("import sys\nprint(sys.argv)\nsys.exit(int(sys.argv[2]))\n")
    r = run_python([str(script), "a b", "7"], mode=mode)
    assert r.returncode == 7
    assert r.stdout == f"{[str(script), 'a b', '7']}\n"


@pytest.mark.parametrize("mode", MODES)
def test_c_and_m_flags(tmp_path, mode):
    r = run_python(["-c", "import sys; print(sys.argv)", "x"], mode=mode)
    assert r.stdout == "['-c', 'x']\n"
    (tmp_path / "mod.py").write_text("import sys\nprint(__name__, sys.argv[1:])\n")
    r = run_python(["-m", "mod", "y"], mode=mode, cwd=tmp_path)
    assert (r.returncode, r.stdout) == (0, "__main__ ['y']\n"), r.stderr


@pytest.mark.parametrize("mode", MODES)
def test_x_and_u_flags(mode):
    r = run_python(["-X", "dev", "-X", "utf8", "-u", "-c",
                    "import sys; print(sys.flags.dev_mode, sys.flags.utf8_mode, "
                    "sys._xoptions, type(sys.stdout.buffer).__name__)"], mode=mode)
    assert r.stdout == "True 1 {'dev': True, 'utf8': True} FileIO\n", r.stderr


@pytest.mark.parametrize("mode", MODES)
def test_script_from_stdin(mode):
    r = run_python(["-", "arg"], input="import sys\nprint(6 * 7, sys.argv)\n", mode=mode)
    assert r.stdout == "42 ['-', 'arg']\n"
    r = run_python([], input="print('piped')\n", mode=mode)
    assert r.stdout == "piped\n"


@pytest.mark.parametrize("mode", MODES)
def test_uncaught_exception_gives_traceback_and_exit_1(tmp_path, mode):
    script = tmp_path / "boom.py"
    script.write_text("def f():\n    return 1 / 0\nf()\n")
    r = run_python([str(script)], mode=mode)
    assert r.returncode == 1
    assert r.stderr.startswith("Traceback (most recent call last):\n")
    assert f'File "{script}", line 2, in f' in r.stderr
    assert r.stderr.rstrip().endswith("ZeroDivisionError: division by zero")


@pytest.mark.parametrize("mode", MODES)
def test_missing_script_and_syntax_error(tmp_path, mode):
    r = run_python([str(tmp_path / "missing.py")], mode=mode)
    assert r.returncode == 2
    assert "can't open file" in r.stderr and "No such file or directory" in r.stderr
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n    pass\n")
    r = run_python([str(bad)], mode=mode)
    assert r.returncode == 1
    assert "SyntaxError" in r.stderr and r.stdout == ""


@pytest.mark.parametrize("name, value, allowed", [
    ("JANUS_LOG", "yes", "one of: 0, 1; default 0"),
    ("JANUS_HOT", "0", "an integer >= 1; default 3"),
])
def test_bad_switch_values_are_clear_errors(name, value, allowed):
    r = run_python(["-c", "print('ran')"], env_extra={name: value})
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == f"janus-python: error: {name}={value!r} is not valid (must be {allowed})\n"


def test_bad_janus_mode_is_a_clear_error():
    r = run_python(["-c", "print('ran')"], mode="bogus")
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr == ("janus-python: error: JANUS_MODE='bogus' is not valid "
                        "(must be one of: on, off; default on)\n")


def test_mode_off_loads_nothing_of_janus():
    probe = ("import sys; print(sorted(m for m in sys.modules "
             "if m.split('.')[0] in ('janus', 'janus_ext')))")
    assert run_python(["-c", probe], mode="off").stdout == "[]\n"
    on = run_python(["-c", probe], mode="on").stdout
    assert "'janus'" in on and "'janus.startup'" in on
    assert run_python(["-c", probe], mode=None).stdout == on  # on is the default


def test_startup_stays_light():
    # TensorFlow and the profiler load only when code is first profiled.
    r = run_python(["-c", "import sys; print('tensorflow' in sys.modules, "
                          "'janus_ext' in sys.modules, 'dis' in sys.modules)"])
    assert r.stdout == "False False False\n"


def test_help_lists_every_switch():
    r = run_python(["-m", "janus", "--help"])
    assert r.returncode == 0
    assert "JANUS_MODE: on, off   (default: on)" in r.stdout
    readme = (REPO / "README.md").read_text()
    from janus import config
    for switch in config.SWITCHES:
        assert switch.name in r.stdout
        assert f"`{switch.name}`" in readme, f"{switch.name} is not documented in README.md"


def _write_wheel(directory):
    """A minimal pure-Python wheel, built by hand so that no build backend is needed."""
    name = "janusprobe"
    path = directory / f"{name}-0.1-py3-none-any.whl"
    files = {
        f"{name}.py": "VALUE = 42\n",
        f"{name}-0.1.dist-info/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n",
        f"{name}-0.1.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: hand\n"
                                       "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{p},,\n" for p in files) + f"{name}-0.1.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as zf:
        for p, text in files.items():
            zf.writestr(p, text)
        zf.writestr(f"{name}-0.1.dist-info/RECORD", record)
    return path


def test_venv_runs_janus_and_pip_installs_a_local_wheel(tmp_path):
    env_dir = tmp_path / "env"
    r = run_python(["-m", "venv", str(env_dir)], mode=None)
    assert r.returncode == 0, r.stderr
    venv_python = env_dir / "bin" / "python"
    r = run_python(["-c", "import sys, janus; print(janus.active(), sys.prefix, "
                          "sys.prefix != sys.base_prefix)"], mode=None,
                   executable=venv_python)
    assert r.stdout == f"True {env_dir} True\n", r.stderr
    wheel = _write_wheel(tmp_path)
    r = run_python(["-m", "pip", "install", "--no-index", "--disable-pip-version-check",
                    str(wheel)], mode=None, executable=venv_python)
    assert r.returncode == 0, r.stdout + r.stderr
    r = run_python(["-c", "import janusprobe, sys; print(janusprobe.VALUE, "
                          "janusprobe.__file__.startswith(sys.prefix))"],
                   mode=None, executable=venv_python)
    assert r.stdout == "42 True\n", r.stderr
