#!/usr/bin/env python3
"""Build spellforge's engine with mypyc into a separate directory, and check the build plays as the source does.

    python tools/compile.py build [--out DIR] [--opt N]        compile core, bots, envs and every game into DIR
    python tools/compile.py check [--out DIR] [--games N]      build at -O0, import, and compare play
    python tools/compile.py check --translate-only             only what mypyc refuses
    python tools/compile.py ensure [--require]                 the build of the sources as they are (dev.py)

``build`` copies ``src/spellforge`` to ``DIR/spellforge`` (default ``build/compiled``) and compiles the
modules of ``PACKAGES`` but those of ``LEFT_OUT`` there in one group, in place: each compiled module's
extension sits beside its source in the copy, which Python imports first, and the source tree is left
untouched. Run anything from the build with ``PYTHONPATH=DIR`` (``python3 dev.py compile <spellforge
command>`` does). ``--opt`` is mypyc's optimisation level (``MYPYC_OPT_LEVEL``; 3 by default, 0 builds
fastest).

``check`` builds at level 0 into ``build/compile-check``, then, each in a process of its own, imports every compiled module of the build (refusing one that loaded from source) and plays a few
random games of every game configuration from the build and from the source, comparing them action for
action. It exits 1 naming the first difference, and non-zero when mypyc cannot compile a module.
``check --translate-only`` stops once mypyc has type-checked every module and written its C code: it fails
on what mypyc refuses, in a fraction of the time the C compiler needs for the rest.

``ensure`` (what ``python3 dev.py`` runs before every command) keeps ``build/compiled`` the build of the
sources as they are. A build ends by writing ``STAMP``: a hash of every file of ``src/spellforge`` (and of
the modules compiled, the build script and the Python) and the optimisation level, then each file's size
and time. ``ensure`` compiles again (``-O3``) when the hash or the level differs, and installs a startup
hook in the environment (``HOOK``, run by a ``.pth`` file) that puts the build in the source tree's place
on ``sys.path`` (what ``PYTHONPATH`` names stays first) while each file's size and time are those of the
stamp, so the environment's ``python`` and ``spellforge`` run the compiled engine. When a source file changed since, the hook runs the
source and says so in one line; without a stamp (no build yet, no C compiler, a build that failed) it runs
the source and says nothing. No C compiler, or a build that fails, leaves the stamp out and prints one
warning line (a failed build is not tried again until the sources change); with ``--require``
(``SPELLFORGE_REQUIRE_COMPILED=1`` for dev.py, what CI sets) either is an error. With ``SPELLFORGE_PURE=1``
the hook does nothing.

``spellforge --version`` says whether the engine runs compiled (so does ``bench``'s JSON, ``"compiled"``);
``SPELLFORGE_PURE=1`` makes a build import its modules from their ``.py`` files (spellforge/compiled.py).

What a compiled build needed (each found by building and playing; the comments at ``LEFT_OUT`` say more):
- each game's card class (interpreted: its cards.py stays out) subclasses core's compiled ``CardDef``:
  "interpreted classes cannot inherit from compiled" until ``CardDef`` allowed it, then "attribute
  'effects' of 'CardDef' undefined" until a compiled ``CardDef`` named its fields in ``__slots__``;
- the tests' toy games subclass ``Ruleset`` and the command line ``SpellforgeError``: core/ruleset.py and
  core/errors.py run from source; a compiled game's ruleset (a subclass) then makes its dict, and its
  ``__dict__``, only when its first attribute is set, so ``Ruleset.__copy__`` and Spelldawn's deck caches
  read ``getattr(self, "__dict__", {})`` or set an attribute first (``copy.copy`` of a fresh compiled
  ruleset failed: "no attribute '__dict__'", and with ``vars()`` "argument must have __dict__");
- the tests' toy games (and a game written in Python) subclass core's ``State`` classes, ``Frame`` and the
  scenario ``Builder`` too: these allow interpreted subclasses (``@mypyc_attr``; random play and ISMCTS of
  every game took at most 1% more instructions at -O3 than without, SPELLFIRE's random play 2.1%), so the
  whole suite runs against a build; a test that reads what only Python code has is marked
  ``interpreted_only`` (tests/conftest.py);
- importing the compiled bots failed with KeyError: 'Ruleset': a compiled dataclass looks its fields'
  types up at import, and bots/base.py imported ``Ruleset`` only for the type checker;
- one C file of 130 MB took 11 minutes at -O0 and did not finish at -O3 in 20 on the loaded machine: a C
  file per module (33 MB in all) compiled ``--jobs`` at a time.
"native module ... in sys.modules was replaced after initialization" did not occur once these were done:
``check`` imports the build and the source in separate processes, each with one of them on ``sys.path``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import py_compile
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
# The packages compiled: the engine, the rules of every game, the bots' search and the research interfaces'
# tables, action codes and observations (envs: a learning agent's step pays for them beside the rules).
PACKAGES = (
    "core",
    "bots",
    "envs",
    "games/casters",
    "games/spellbattle",
    "games/spelldawn",
    "games/spellfire",
    "games/spellweaver",
)
# Left to run from source beside the compiled modules:
# - the action modules (and core/clock.py, whose TimeUsed is one): a compiled dataclass reads a ClassVar
#   annotation (``VERB: ClassVar[str]``) as a field, and a compiled class may not narrow an inherited
#   field's type (``Raid.target: Place``); actions are small records made by interpreted dataclass code
#   either way;
# - the card files' models (``core/cardfiles.py``, ``games/*/cards.py``): mypyc writes C for a pydantic model
#   class that names ``pydantic.main`` without importing it, and the C compiler refuses it; cards are loaded
#   once. The games' card classes subclass core's compiled ``CardDef``, which therefore allows interpreted
#   subclasses (``@mypyc_attr``; without it: "interpreted classes cannot inherit from compiled") and names
#   its fields in ``__slots__`` once compiled (core/cards.py: else the subclass's ``@dataclass(slots=True)``
#   declares them again as slots of its own, which the compiled ``CardDef.__post_init__`` never sees:
#   "attribute 'effects' of 'CardDef' undefined");
# - core/ruleset.py and core/errors.py: interpreted code subclasses them (the tests' toy games their
#   ``Ruleset``, the command line its ``UsageError``); a ruleset is read when a game starts, not per
#   decision, and the games' compiled rulesets inherit from it as from any Python class (with a dict);
# - envs/gym.py, envs/openspiel.py, envs/pettingzoo.py: their classes subclass Gymnasium's, OpenSpiel's and
#   PettingZoo's own (a compiled class cannot), and each step through them is a few calls into the compiled
#   interface (envs/interface.py). The compiled envs classes an environment holds allow interpreted
#   subclasses so that they pickle (envs/pickling.py says why).
# mypyc stops with an internal error on ``reversed()`` of some lists (``list[Frame[Any]]``): write ``[::-1]``.
# A compiled dataclass builds its ``__annotations__`` at import, looking each field's type up among the
# module's globals unless it is a builtin or compiled class: a field typed with a class that runs from source
# must have it imported at run time, not under ``if TYPE_CHECKING:`` (bots/base.py's ``Observation.game:
# Ruleset``; else importing the build fails with KeyError: 'Ruleset').
# A compiled subclass of a Python class has no ``__dict__`` until its first attribute is set: read it as
# ``getattr(obj, "__dict__", {})`` (``Ruleset.__copy__``, Spelldawn's deck caches).
LEFT_OUT = (
    "core/actions.py",
    "core/cardfiles.py",
    "core/clock.py",
    "core/errors.py",
    "core/ruleset.py",
    "envs/gym.py",
    "envs/openspiel.py",
    "envs/pettingzoo.py",
    "games/*/actions.py",
    "games/*/cards.py",
)


def compiled_files(root: Path, packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """The files compiled, relative to ``root`` (the directory holding ``spellforge``)."""
    base = root / "spellforge"
    files = [base / "games" / "__init__.py"]
    for package in packages:
        files += sorted((base / package).rglob("*.py"))
    return [
        str(f.relative_to(root))
        for f in files
        if "__pycache__" not in f.parts and not any(f.relative_to(base).match(p) for p in LEFT_OUT)
    ]


# mypyc's own command, with debug information off (it only slows the C compiler) and the level chosen
# (argv[1]). mypyc writes a C file per module (``multi_file``), and the C compiler runs on argv[2] of them
# at once: one C file of the whole engine (130 MB) kept a single compiler busy for the whole build, 11
# minutes at -O0 on the loaded 2-core machine, and -O3 did not end within 20.
SETUP = """
import sys
from concurrent.futures import ThreadPoolExecutor
from setuptools import setup
from distutils.ccompiler import CCompiler
from mypyc.build import mypycify

def compile_at_once(self, sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                    extra_preargs=None, extra_postargs=None, depends=None):
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)
    with ThreadPoolExecutor(int(sys.argv[2])) as pool:
        list(pool.map(one, sorted(objects, key=lambda o: -len(build[o][0]))))
    return objects

CCompiler.compile = compile_at_once
extensions = mypycify(sys.argv[3:], opt_level=sys.argv[1], debug_level="0", multi_file=True)
if sys.argv[1] != "translate":
    setup(name="spellforge-compiled", script_args=["build_ext", "--inplace"], ext_modules=extensions)
"""
# C compilers run at once by ``build`` (``--jobs``).
JOBS = 3
# The random-play configurations compared by ``check``: every game, and the multiplayer tables.
CONFIGS: tuple[tuple[str, dict[str, object]], ...] = (
    ("spellbattle", {}),
    ("spellbattle", {"players": 4, "teams": "alliance"}),
    ("spellweaver", {}),
    ("casters", {}),
    ("spelldawn", {}),
    ("spellfire", {}),
    ("spellfire", {"players": 4}),
)


def copy_sources(out: Path) -> None:
    """Mirror ``src/spellforge`` into ``out/spellforge``: changed files are copied with their times (so
    mypyc's cache sees what changed), files gone from the source are removed with their extensions."""
    src, dst = SRC / "spellforge", out / "spellforge"
    for path in src.rglob("*"):
        if "__pycache__" in path.parts or path.is_dir():
            continue
        target = dst / path.relative_to(src)
        if not target.exists() or target.stat().st_mtime_ns != path.stat().st_mtime_ns:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    if dst.exists():
        for path in dst.rglob("*.py"):
            if not (src / path.relative_to(dst)).exists():
                path.unlink()
                for ext in path.parent.glob(path.stem + ".*.so"):
                    ext.unlink()


def build(
    out: Path,
    opt: int | str,
    packages: tuple[str, ...] = PACKAGES,
    jobs: int = JOBS,
    python: str = sys.executable,
    show_failure: bool = True,
) -> None:
    """Compile the modules in ``out`` with ``python``'s mypyc (see the module docstring) and stamp the
    build; raise SystemExit when mypyc fails. ``opt`` "translate" stops once mypyc has type-checked the
    modules and written their C code: what refuses to compile is found, in a fraction of the time the C
    compiler takes (no stamp: nothing runs from it). mypyc's output is kept in ``out/LOG``; the end of it is
    shown on a failure unless ``show_failure`` is false."""
    out.mkdir(parents=True, exist_ok=True)
    (out / STAMP).unlink(missing_ok=True)  # a build being made, or that failed, is never used
    want, files_then = digest(), listing()  # as they were when copied: a change during the build shows
    copy_sources(out)
    # No pyproject.toml in the build directory: its package root (src/) would send the extensions there,
    # not beside the modules; mypyc type-checks with mypy's defaults.
    (out / "pyproject.toml").unlink(missing_ok=True)
    start = time.monotonic()
    files = compiled_files(out, packages)
    mypyc = [python, "-c", SETUP, str(opt), str(jobs), *files]
    done = subprocess.run(mypyc, cwd=out, capture_output=True, text=True)
    (out / LOG).write_text(done.stdout + done.stderr)
    problems = [
        line
        for line in (done.stdout + done.stderr).splitlines()
        if "error:" in line or "Error" in line or "internal mypyc error" in line
    ]
    if done.returncode != 0:
        if show_failure:
            sys.stderr.write(done.stdout[-6000:] + done.stderr[-6000:])
        raise SystemExit(
            f"mypyc could not compile spellforge's {', '.join(packages)} (exit {done.returncode}; "
            f"its output: {out / LOG})"
        )
    if problems:
        sys.stderr.write("\n".join(problems) + "\n")
    how = "translated to C" if opt == "translate" else f"compiled at -O{opt}"
    took = time.monotonic() - start
    print(f"{len(files)} modules of {', '.join(packages)} {how} in {out} ({took:.0f} s)")
    if opt != "translate" and packages == PACKAGES:
        write_stamp(out, want, opt, files_then)


# The build's record of the sources it was made from, in the build directory: a first line naming the hash
# of every source file (``digest``) and the optimisation level, then a line per file (path, size, time in ns).
STAMP = "spellforge-build.stamp"
# mypyc's and the C compiler's output of the last build.
LOG = "spellforge-build.log"
# Written instead when a build of these sources failed: the first line of a stamp (not tried again).
FAILED = "spellforge-build.failed"


def source_files(src: Path | None = None) -> list[Path]:
    """Every file of ``src/spellforge`` (modules, card and deck files, the web client), sorted."""
    src = src or SRC
    return sorted(p for p in (src / "spellforge").rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def digest(src: Path | None = None) -> str:
    """A hash of the path and content of every file a build copies, of what this tool compiles and how, and
    of the Python that compiles it."""
    src = src or SRC
    h = hashlib.sha256(repr((PACKAGES, LEFT_OUT, SETUP, sys.version)).encode())
    for path in source_files(src):
        h.update(path.relative_to(src).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def listing(src: Path | None = None) -> list[str]:
    """A line per source file, its path, size and time (what the startup hook compares, as HOOK does)."""
    src = src or SRC
    top = src / "spellforge"
    lines = []
    for path in source_files(src):
        stat = path.stat()
        lines.append(f"{path.relative_to(top).as_posix()}\t{stat.st_size}\t{stat.st_mtime_ns}")
    return lines


def stamp_head(want: str, opt: int | str) -> str:
    return f"spellforge build sha256:{want} -O{opt}"


def write_stamp(out: Path, want: str, opt: int | str, files: list[str]) -> None:
    (out / FAILED).unlink(missing_ok=True)
    (out / STAMP).write_text("\n".join([stamp_head(want, opt), *files]) + "\n")


def read_stamp(out: Path) -> list[str]:
    try:
        return (out / STAMP).read_text().splitlines()
    except OSError:
        return []


# Run by the environment's ``spellforge-build.pth`` at every start of its Python (``install_hook``): the build
# goes on ``sys.path`` just before the source tree (after what ``PYTHONPATH`` names, which still comes first)
# while every source file has the size and time the stamp lists (a few hundred ``stat`` calls, about a
# millisecond), so nothing runs a build older than the source.
HOOK = """\
\"\"\"Run spellforge's compiled build when it was made from the sources as they are (tools/compile.py).\"\"\"

import os
import sys

BUILD = {build!r}
TOP = {top!r}
STAMP = os.path.join(BUILD, {stamp!r})


def listing(top):
    lines, folders = set(), [(top, "")]
    while folders:
        folder, prefix = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append((entry.path, prefix + entry.name + "/"))
                else:
                    stat = entry.stat()
                    lines.add(prefix + entry.name + "\\t" + str(stat.st_size) + "\\t" + str(stat.st_mtime_ns))
    return lines


def select():
    if os.environ.get("SPELLFORGE_PURE", "") not in ("", "0"):
        return
    try:
        with open(STAMP, encoding="utf-8") as file:
            stamp = file.read().splitlines()[1:]
    except OSError:
        return
    try:
        same = set(stamp) == listing(TOP)
    except OSError:
        same = False
    if same:  # the build takes the source tree's place: what PYTHONPATH names still comes first
        parent = os.path.dirname(TOP)
        sys.path.insert(sys.path.index(parent) if parent in sys.path else 0, BUILD)
    else:
        sys.stderr.write(
            "spellforge: src/spellforge changed since the compiled build: running from source "
            "(any 'python3 dev.py' command compiles it again; SPELLFORGE_PURE=1 runs from source quietly)\\n"
        )


select()
"""
HOOK_MODULE = "_spellforge_build"


def install_hook(site: Path, out: Path) -> None:
    """Write the startup hook into the environment whose ``site-packages`` is ``site``, for the build ``out``."""
    text = HOOK.format(build=str(out), top=str(SRC / "spellforge"), stamp=STAMP)
    module, pth = site / f"{HOOK_MODULE}.py", site / "spellforge-build.pth"
    if not module.exists() or module.read_text() != text:
        module.write_text(text)
    py_compile.compile(str(module))  # its bytecode, even where Python writes none (PYTHONDONTWRITEBYTECODE)
    pth.write_text(f"import {HOOK_MODULE}\n")


def missing_compiler() -> str | None:
    """Why no C extension can be built here (None: a C compiler and Python's headers are present)."""
    command = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    words = shlex.split(command)
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler ({words[0] if words else 'CC is empty'} not found)"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").exists():
        return f"no Python.h in {include} (Debian: apt-get install python3-dev)"
    return None


def ensure(out: Path, site: Path, python: str, require: bool, opt: int = 3) -> bool:
    """Make ``out`` the build of the sources as they are, unless it is already, and install the startup
    hook that runs it. True: the build is current; False: the engine runs from source (one warning line
    said why). With ``require`` (CI), a build that cannot be made raises SystemExit."""
    install_hook(site, out)
    want = digest()
    head = stamp_head(want, opt)
    stamp = read_stamp(out)
    if stamp[:1] == [head]:
        files = listing()
        if sorted(stamp[1:]) != sorted(files):  # the same content, touched: the build stays
            write_stamp(out, want, opt, files)
        return True
    (out / STAMP).unlink(missing_ok=True)
    why = missing_compiler()
    failed = out / FAILED
    if why is None and failed.exists() and failed.read_text().strip() == head and not require:
        why = f"compiling these sources failed before (delete {failed} to try again)"
    if why is None:
        print(
            f"compiling the engine with mypyc at -O{opt} into {out} (a few minutes, "
            "again whenever src/spellforge changes) ...",
            file=sys.stderr,
        )
        try:
            build(out, opt, python=python, show_failure=require)
            return True
        except SystemExit as error:
            out.mkdir(parents=True, exist_ok=True)
            failed.write_text(head + "\n")
            why = str(error)
    if require:
        raise SystemExit(f"error: the engine must run compiled here (SPELLFORGE_REQUIRE_COMPILED): {why}")
    print(f"warning: spellforge runs from source, not compiled: {why}", file=sys.stderr)
    return False


def compiled_modules(out: Path) -> list[str]:
    """The modules compiled, by name."""
    names = []
    for file in compiled_files(out):
        parts = Path(file).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


# Run in a fresh process with the build (or the source) first on sys.path: imports the modules named in
# argv[2] (a JSON list) and reports those loaded from source, then plays argv[3] random games per config.
PLAYER = """
import json, sys
from importlib import import_module
modules, n, configs = json.loads(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
not_compiled = [m for m in modules if not import_module(m).__file__.endswith(".so")]
from spellforge.core.rng import Rng
from spellforge.games import find_game
games = []
for name, options in configs:
    game, options = find_game(name), dict(options)
    for seed in range(n):
        rng, state = Rng(seed), game.new_game(seed=seed, **options)
        actions = []
        while state.outcome is None:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            actions.append(str(action))
            state.apply(action)
        games.append([name, options, seed, actions, list(state.outcome.winners), state.outcome.reason])
print(json.dumps({"not_compiled": not_compiled, "games": games}))
"""


def play(path: Path, modules: list[str], n: int) -> dict[str, list[object]]:
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0")
    args = [sys.executable, "-c", PLAYER, json.dumps(modules), str(n), json.dumps(CONFIGS)]
    done = subprocess.run(args, env=env, capture_output=True, text=True, cwd=path)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-6000:])
        raise SystemExit(f"playing from {path} failed (exit {done.returncode})")
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


def first_difference(compiled: list[list[object]], source: list[list[object]]) -> str | None:
    """Where two lists of played games first differ (None: they are the same)."""
    for a, b in zip(compiled, source, strict=True):
        if a == b:
            continue
        name, options, seed = a[0], a[1], a[2]
        where = f"{name} {options or ''} seed {seed}".replace("  ", " ")
        acts_a, acts_b = a[3], b[3]
        assert isinstance(acts_a, list) and isinstance(acts_b, list)
        for i, (x, y) in enumerate(zip(acts_a, acts_b, strict=False)):
            if x != y:
                return f"{where}: action {i} is {x!r} compiled, {y!r} from source"
        return f"{where}: compiled {a[3:]!r}, from source {b[3:]!r}"[:400]
    return None


def check(out: Path, n: int, translate: bool) -> int:
    start = time.monotonic()
    if translate:
        build(out, "translate")
        print(f"ok: mypyc translates every module it should compile ({time.monotonic() - start:.0f} s)")
        return 0
    build(out, 0)
    modules = compiled_modules(out)
    compiled = play(out, modules, n)
    source = play(SRC, [], n)
    if compiled["not_compiled"]:
        print(f"FAIL: loaded from source, not compiled: {', '.join(map(str, compiled['not_compiled']))}")
        return 1
    difference = first_difference(compiled["games"], source["games"])  # type: ignore[arg-type]
    if difference:
        print(f"FAIL: the compiled engine plays differently: {difference}")
        return 1
    print(
        f"ok: {len(modules)} modules compiled and imported; {len(compiled['games'])} random games "
        f"({n} per configuration) identical compiled and from source; {time.monotonic() - start:.0f} s in all"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/compile.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    b = commands.add_parser("build", help="compile into a separate directory")
    b.add_argument("--out", type=Path, default=ROOT / "build" / "compiled", help="the build directory")
    b.add_argument("--only", nargs="+", default=PACKAGES, help="packages to compile (default: all)")
    b.add_argument("--opt", type=int, default=int(os.environ.get("MYPYC_OPT_LEVEL", "3")), choices=range(4))
    b.add_argument("--jobs", type=int, default=JOBS, help=f"C compilers run at once (default {JOBS})")
    c = commands.add_parser("check", help="build at -O0, import and compare random play with the source")
    c.add_argument("--out", type=Path, default=ROOT / "build" / "compile-check", help="the build directory")
    c.add_argument("--games", type=int, default=3, help="random games per configuration (default 3)")
    c.add_argument(
        "--translate-only",
        action="store_true",
        help="stop once mypyc has written the C code: no C compiler, no import, no play (about a minute)",
    )
    e = commands.add_parser("ensure", help="the build of the sources as they are, and the hook that runs it")
    e.add_argument("--out", type=Path, default=ROOT / "build" / "compiled", help="the build directory")
    e.add_argument("--site", type=Path, help="the site-packages to install the hook in (default: this one)")
    e.add_argument("--require", action="store_true", help="fail when the build cannot be made (CI)")
    args = parser.parse_args(argv)
    if args.command == "build":
        build(args.out.resolve(), args.opt, tuple(args.only), args.jobs)
        return 0
    if args.command == "ensure":
        site = args.site or Path(sysconfig.get_paths()["purelib"])
        opt = int(os.environ.get("MYPYC_OPT_LEVEL", "3"))
        return 0 if ensure(args.out.resolve(), site, sys.executable, args.require, opt) else 3
    return check(args.out.resolve(), args.games, args.translate_only)


if __name__ == "__main__":
    sys.exit(main())
