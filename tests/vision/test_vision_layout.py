"""The vision package's layout: no import circle, one teaching entry point per kind of input."""
import ast
import inspect
from pathlib import Path

from companion.vision import teach

PACKAGE = Path(teach.__file__).parent


def _imports(path: Path) -> set[str]:
    """The vision modules a module imports anywhere in it (inside functions too: a lazy
    import is still a circle, only hidden until the function runs)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("companion.vision."):
                module = name.split(".")[2]
                if (PACKAGE / f"{module}.py").exists() and module != path.stem:
                    found.add(module)
    return found


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle in ``graph`` as a list of modules (first repeated at the end), or None."""
    state: dict[str, str] = {}          # "open" while its imports are walked, then "done"
    trail: list[str] = []

    def walk(module):
        state[module] = "open"
        trail.append(module)
        for imported in sorted(graph.get(module, ())):
            if state.get(imported) == "open":
                return trail[trail.index(imported):] + [imported]
            if imported not in state and (found := walk(imported)):
                return found
        trail.pop()
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state and (found := walk(module)):
            return found
    return None


def test_the_circle_finder_finds_a_circle_and_passes_a_line():
    assert _circle({"profile": {"builtin"}, "builtin": {"teach"}, "teach": {"profile"}}) == [
        "builtin", "teach", "profile", "builtin"]
    assert _circle({"teach": {"builtin", "profile"}, "builtin": {"profile"}, "profile": set()}) is None


def test_the_vision_package_has_no_import_circle():
    graph = {path.stem: _imports(path) for path in PACKAGE.glob("*.py")}
    assert {"builtin", "profile"} <= graph["teach"]           # the walk sees real imports
    assert _circle(graph) is None, " -> ".join(_circle(graph))


def test_decks_are_layered_profile_learn_builtin_teach():
    assert _imports(PACKAGE / "profile.py") & {"learn", "builtin", "teach"} == set()
    assert _imports(PACKAGE / "learn.py") & {"builtin", "teach"} == set()
    assert "teach" not in _imports(PACKAGE / "builtin.py")


def test_teaching_has_one_entry_point_per_kind_of_input():
    entry_points = {name for name, value in vars(teach).items()
                    if inspect.isfunction(value) and value.__module__ == teach.__name__
                    and name.startswith("teach")}
    kinds = {
        "teach": "folder",                    # DIR/<card name>/<photos>, the command's
        "teach_images": "decoded photos",     # the card found in each
        "teach_from_views": "frames",         # the card's outline known
        "teach_from_cards": "flat pictures",  # each image the whole card
    }
    assert entry_points == set(kinds)
    for name in kinds:                                  # each named in the module's guide
        assert f":func:`{name}`" in teach.__doc__
