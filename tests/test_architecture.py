"""The "never" rules of docs/architecture.md, held by reading the code (ast), not by trust.

Outside ``companion/engine/``: no import of the engine's private names, no import of the
modules that hold the rules, and no test of a phase against a spelled-out name.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.engine import phases

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = [path for folder in ("companion", "web") for path in sorted((ROOT / folder).rglob("*.py"))
           if "engine" not in path.relative_to(ROOT).parts]
#: Where the rules are written; the rest of the project asks the engine (Game, inputs, events).
RULE_MODULES = ("companion.engine.house", "companion.engine.effects", "companion.engine.draws",
                "companion.engine.calls", "companion.engine.rounds", "companion.engine.jumps",
                "companion.engine.apply")


def _imports(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module, [alias.name for alias in node.names], node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}:{line}"


@pytest.fixture(scope="module")
def trees():
    return {path: ast.parse(path.read_text(), str(path)) for path in OUTSIDE}


def test_the_code_outside_the_engine_is_read(trees):
    assert len(trees) > 50 and any("web" in path.parts for path in trees)


def test_no_private_name_of_the_engine_is_imported_outside_it(trees):
    found = [_where(path, line) + f" {module}.{name}" for path, tree in trees.items()
             for module, names, line in _imports(tree) if module.startswith("companion.engine")
             for name in names if name.startswith("_")]
    assert not found, "the engine's private names used outside it:\n" + "\n".join(found)


def test_no_rule_module_is_imported_outside_the_engine(trees):
    found = [_where(path, line) + f" {module}" for path, tree in trees.items()
             for module, names, line in _imports(tree)
             if module.startswith(RULE_MODULES)
             or (module == "companion.engine" and set(names) & {m.rsplit(".", 1)[1] for m in RULE_MODULES})]
    assert not found, "rule code imported outside the engine:\n" + "\n".join(found)


def _is_phase(node: ast.AST) -> bool:
    return ((isinstance(node, ast.Attribute) and node.attr == "phase")
            or (isinstance(node, ast.Name) and node.id == "phase")
            or (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                and node.slice.value == "phase")
            or (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get" and node.args and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "phase"))


#: The engine's phase names ("deal", "turn", ...), as a spelled-out comparison would write them.
PHASE_NAMES = {value for name, value in vars(phases).items() if name.isupper() and isinstance(value, str)}


def _spelled(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in PHASE_NAMES
    return isinstance(node, (ast.Tuple, ast.Set, ast.List)) and any(_spelled(e) for e in node.elts)


def test_no_phase_is_compared_with_a_spelled_out_name_outside_the_engine(trees):
    found = [_where(path, node.lineno) for path, tree in trees.items() for node in ast.walk(tree)
             if isinstance(node, ast.Compare)
             and any(_is_phase(a) and _spelled(b) or _is_phase(b) and _spelled(a)
                     for a, b in zip([node.left, *node.comparators], node.comparators))]
    assert not found, "a phase spelled out (use companion.engine.phases):\n" + "\n".join(found)


HOUSE = sorted((ROOT / "companion" / "engine" / "house").glob("*.py"))


def test_house_rules_call_no_private_method_of_the_core():
    """House rules use the game's public API (documented in house/base.py), not its insides."""
    found = [_where(path, node.lineno) + f" game.{node.attr}" for path in HOUSE
             for node in ast.walk(ast.parse(path.read_text(), str(path)))
             if isinstance(node, ast.Attribute) and node.attr.startswith("_")
             and isinstance(node.value, ast.Name) and node.value.id == "game"]
    assert len(HOUSE) > 5
    assert not found, "house rules reaching into the core (make it public in the game):\n" + "\n".join(found)


#: Where the companion's own names live (firmware/ is the other program, on the Pico).
PROJECT = [path for folder in ("companion", "web") for path in sorted((ROOT / folder).rglob("*.py"))]


def _public_names(tree: ast.Module):
    """The public classes a module defines, and its public aliases of a class (``Name = Other``,
    ``Name = A | B``, ``import X as Name``): CapWords names, not CONSTANTS or one letter.
    Each with what it names: itself, or for an import what it imports (one thing, one name)."""
    def public(name: str) -> bool:
        return name[:1].isupper() and not name.isupper() and "_" not in name
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and public(node.name):
            yield node.name, node.lineno, None
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name) and public(target.id):
                    yield target.id, node.lineno, None
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.asname and public(alias.asname):
                    module = node.module if isinstance(node, ast.ImportFrom) else None
                    yield alias.asname, node.lineno, f"{module}.{alias.name}" if module else alias.name


def _names_defined_twice(paths) -> dict[str, list[str]]:
    where: dict[str, dict[str, list[str]]] = {}
    for path in paths:
        for name, line, imported in _public_names(ast.parse(path.read_text(), str(path))):
            place = _where(path, line)
            where.setdefault(name, {}).setdefault(imported or place, []).append(place)
    return {name: [place for places in things.values() for place in places]
            for name, things in where.items() if len(things) > 1}


def test_no_two_public_classes_or_aliases_share_a_name():
    twice = _names_defined_twice(PROJECT)
    assert not twice, "one name, two things (rename one so each says its one thing):\n" + "\n".join(
        f"{name}: {', '.join(places)}" for name, places in sorted(twice.items()))


def test_the_name_check_finds_a_class_and_an_alias_of_the_same_name(tmp_path):
    (tmp_path / "events.py").write_text("class Play:\n    pass\n")
    (tmp_path / "observations.py").write_text("class Happened:\n    pass\n\n\nPlay = Happened\n")
    (tmp_path / "other.py").write_text("from x import Thing as Happened\nPLAYS = 3\nP = Happened\n")
    (tmp_path / "waits.py").write_text("from concurrent.futures import TimeoutError as Late\n")
    (tmp_path / "waits_too.py").write_text("from concurrent.futures import TimeoutError as Late\n")
    twice = _names_defined_twice(sorted(tmp_path.glob("*.py")))
    assert sorted(twice) == ["Happened", "Play"] and len(twice["Play"]) == 2  # one thing, one name: fine


#: Where code holds the engine's state: ``x.snapshot()``, ``x.state()``, ``update.snapshot``.
STATE_SOURCES = ("snapshot", "state")
STATE_TYPES = ("GameView", "TableState")


def _is_state_source(node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        node = node.func
    return isinstance(node, ast.Attribute) and node.attr in STATE_SOURCES


def _state_names(tree: ast.AST) -> set[str]:
    """Names that hold a state: assigned from a state source, or annotated with a state type."""
    names = {"state"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None \
                and _is_state_source(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.arg) and node.annotation is not None \
                and any(isinstance(n, ast.Name) and n.id in STATE_TYPES for n in ast.walk(node.annotation)):
            names.add(node.arg)
    return names


def _reads_state_by_key(node: ast.AST, names: set[str]) -> bool:
    """``state["phase"]``, ``game.snapshot()["turn"]``, ``update.snapshot.get("setup")``..."""
    holder = key = None
    if isinstance(node, ast.Subscript):
        holder, key = node.value, node.slice
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
          and node.func.attr in ("get", "keys", "items", "values") ):
        holder, key = node.func.value, node.args[0] if node.args else ast.Constant("")
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return False
    return _is_state_source(holder) or (isinstance(holder, ast.Name) and holder.id in names)


def test_no_code_outside_the_engine_reads_its_state_by_a_string_key(trees):
    """The engine's state is typed (companion/engine/state.py): the table, the service and the
    web read its attributes; only the edges (HTTP, stream, replay, records) take its JSON."""
    found = [_where(path, node.lineno) for path, tree in trees.items()
             for names in [_state_names(tree)] for node in ast.walk(tree)
             if _reads_state_by_key(node, names)]
    assert not found, "the engine's state read by a string key (use its attributes):\n" + "\n".join(found)


def test_the_state_check_would_see_a_string_key():
    code = ("def f(game, update, shown: GameView):\n    view = game.snapshot()\n"
            "    return (view['turn'], game.state()['journal'], update.snapshot.get('setup'),\n"
            "            state['phase'], shown['players'], game.snapshot().turn)\n")
    tree = ast.parse(code)
    names = _state_names(tree)
    assert sum(_reads_state_by_key(node, names) for node in ast.walk(tree)) == 5
