"""Every text the engine gives a person is a keyed message, held by reading the code (ast).

A refusal (``UserError``), a dispense or show-hand reason, a misplay reason, a notice, a
contradiction and a waiting text all go through ``message(key, **params)``, so a page can
say them in its language (web/catalogue.py holds the German of every key). A plain string
or f-string in one of those places fails here with its file and line.
"""
from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from companion.engine import Game, RuleOptions
from companion.engine import events as E
from companion.engine.calls import PENALTY_RULES
from companion.engine.log import read_log
from companion.engine.messages import MESSAGES
from companion.errors import UserError

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"
SOURCES = sorted(path for path in ENGINE.rglob("*.py") if path.name != "messages.py")
#: Calls whose text arguments a person reads (refusals, actions and the helpers that make them;
#: with or without the leading underscore, so a helper made public stays checked).
TEXT_TAKERS = {"UserError", "Dispense", "ShowHand", "TakeBack", "Notice", "NeedsCorrection",
               "owe", "due", "ask_dispense", "contradiction", "not_now", "misplay"}
#: Rule hooks whose answer is a reason shown to a person (None: no objection).
REASON_HOOKS = {"misplay_reason", "pass_refused", "check_table", "refuses"}


def _name(node: ast.AST) -> str:
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return name.lstrip("_")


def _plain_text(node: ast.AST) -> bool:
    """A string literal, an f-string or text glued together by hand."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _plain_text(node.left) or _plain_text(node.right)
    if isinstance(node, ast.IfExp):
        return _plain_text(node.body) or _plain_text(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in ("format", "join") and _plain_text(node.func.value)
    return False


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.fixture(scope="module")
def trees():
    return {path: ast.parse(path.read_text(), str(path)) for path in SOURCES}


def _where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ENGINE.parents[1])}:{node.lineno}"


def test_the_whole_engine_is_read(trees):
    assert len(trees) > 20 and any(path.parent.name == "house" for path in trees)


def test_no_refusal_reason_or_notice_is_a_plain_string(trees):
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in TEXT_TAKERS:
                arguments = list(node.args) + [keyword.value for keyword in node.keywords]
                found += [_where(path, node) + " " + ast.unparse(node)[:80]
                          for argument in arguments if _plain_text(argument)]
            elif isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in REASON_HOOKS:
                found += [_where(path, ret) + " " + ast.unparse(ret)[:80] for ret in ast.walk(node)
                          if isinstance(ret, ast.Return) and ret.value is not None
                          and _plain_text(ret.value)]
    assert not found, "plain text where a person reads it (use message(key, ...)):\n" + "\n".join(found)


def test_every_refusal_is_raised_with_a_message(trees):
    """``raise UserError(x)``: x is ``message(...)``, ``_not_now(message(...))`` or a name
    holding one (a house rule's ``check_table`` answer)."""
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and _name(node.exc.func) == "UserError"):
                argument = node.exc.args[0] if node.exc.args else None
                if not (isinstance(argument, ast.Name) or (isinstance(argument, ast.Call)
                                                           and _name(argument.func) in ("message", "not_now"))):
                    found.append(_where(path, node) + " " + ast.unparse(node)[:80])
    assert not found, "refusals without a keyed message:\n" + "\n".join(found)


#: Keys worked out at the call; each of their values is checked in the test below.
WORKED_OUT_KEYS = {"what", "key", "f'penalty_{reason}'", "'counted_but_' + how"}


def _keys(node: ast.AST) -> list[str] | None:
    """The keys a ``message(...)`` call may name: a literal, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _keys(node.body), _keys(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def test_every_key_the_engine_names_exists_with_the_parameters_it_fills(trees):
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "message" and node.args):
                continue
            keys, names = _keys(node.args[0]), {keyword.arg for keyword in node.keywords}
            if keys is None:
                if ast.unparse(node.args[0]) not in WORKED_OUT_KEYS:
                    found.append(f"{_where(path, node)} key {ast.unparse(node.args[0])}")
                continue
            for key in keys:
                if key not in MESSAGES:
                    found.append(f"{_where(path, node)} unknown key {key!r}")
                elif None not in names and names != _fields(MESSAGES[key]):
                    found.append(f"{_where(path, node)} {key!r} fills {sorted(names)}, "
                                 f"its template names {sorted(_fields(MESSAGES[key]))}")
        for node in ast.walk(tree):  # _check_running("what_uno"): the key of "... only during a round"
            if isinstance(node, ast.Call) and _name(node.func) == "check_running":
                if not (isinstance(node.args[0], ast.Constant) and node.args[0].value in MESSAGES):
                    found.append(f"{_where(path, node)} {ast.unparse(node)}")
    assert not found, "\n".join(found)
    assert all(f"penalty_{reason}" in MESSAGES for reason in PENALTY_RULES)
    assert "counted_but_shown" in MESSAGES  # calls.py: _set_size(..., "shown")


def _refusal(call) -> UserError:
    with pytest.raises(UserError) as refused:
        call()
    return refused.value


@pytest.mark.parametrize("call", [
    lambda: Game(3, RuleOptions(partners=True)),  # a house rule's check_table answer
    lambda: E.event_from_json({"type": "play", "seat": "one", "card": "red-1"}),
    lambda: E.event_from_json({"type": "nonsense"}),
    lambda: RuleOptions.from_json({"uno_penalty": 99}),
    lambda: Game(2).apply(E.Play(0, "purple-4")),
    lambda: read_log('{"format": "uno-companion-game-log", "version": 1, "players": ["A", "B"]}\n{"type": "pass"}\n'),
    lambda: read_log("{not json"),
    lambda: Game(2).apply(E.Penalty(0, "misplay")),
])
def test_refusals_from_every_corner_carry_a_key_and_read_as_before(call):
    error = _refusal(call)
    reason = error.args[0]
    assert reason.key in MESSAGES and str(error) == MESSAGES[reason.key].format(**reason.params)


def test_a_game_log_error_names_its_line_in_english_with_the_refusal_inside():
    error = _refusal(lambda: read_log('{"format": "uno-companion-game-log", "version": 1, "players": ["A", "B"]}\n'
                                      '{"type": "pass"}\n'))
    assert str(error) == "line 2: pass event: missing field 'seat'"
    assert error.args[0].key == "log_line" and error.args[0].params["error"].key == "event_missing"


def test_dispense_and_show_hand_reasons_and_waiting_texts_carry_keys():
    game = Game(3)
    game.apply(E.Deal(0))
    game.apply(E.StartCard("red-3"))
    caught = [a.to_json() for a in game.apply(E.Penalty(2, "suggestion"))]
    assert [(a["reason"], a["reason_key"]) for a in caught if a["type"] == "dispense"] == [
        ("suggestion penalty (P2)", "penalty_suggestion")]
    owed = [a.to_json() for a in game.prompt() if a.type == "dispense"]
    assert [(a["reason"], a["reason_key"]) for a in owed] == [("owed", "reason_owed")]
    assert game.snapshot()["waiting_for"]["what"].key == "waiting_play_or_draw"
