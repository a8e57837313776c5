"""Printable handouts: one cheat sheet per game, for the house rules in force, as HTML and PDF.

A handout is built from a game's ``Rules`` value, so a class can print the
rules it plays by. In a notebook, one line writes both files::

    from kit.handouts import write; write(kit.sichuan.Rules(fan_cap=6), "handouts")

From the shell, ``make handouts`` prints all three games with the kit's
defaults into ``handouts/``, and ``make handouts RULES='kit.sichuan.Rules(fan_cap=6)'``
one game with house rules (see :func:`parse_rules` for what ``RULES`` may say).

The HTML is self-contained (inline SVG pictures, no network); the PDF is that
page printed to A4 by Chromium (:mod:`kit.handouts.printing`).

>>> from kit.sichuan import Rules
>>> html = handout(Rules(fan_cap=6))
>>> html.startswith("<!DOCTYPE html>"), "reference/sichuan.md" in html
(True, True)
>>> parse_rules("kit.hongkong.Rules(players=2, table='full-spicy')").players
2
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from kit.games import GAMES, Game
from kit.handouts import hongkong, nylonppong, sichuan
from kit.handouts.page import KIT_NAME

__all__ = [
    "MAX_RULES_LENGTH",
    "SHEETS",
    "RulesExpressionError",
    "file_stem",
    "footer_text",
    "game_of",
    "handout",
    "parse_rules",
    "write",
    "write_all",
]

SHEETS: Mapping[str, Callable[[Any], str]] = {
    "nylonppong": nylonppong.sheet,
    "sichuan": sichuan.sheet,
    "hongkong": hongkong.sheet,
}
"""Each game's sheet builder, by its registry key (:attr:`kit.games.Game.key`)."""


def _rules_names(joiner: str = " or ") -> str:
    names = [f"kit.{key}.Rules" for key in GAMES]
    return ", ".join(names[:-1]) + f"{joiner}{names[-1]}"


def game_of(rules: object) -> Game:
    """The registry's game of a ``Rules`` value; anything else is refused by name.

    >>> from kit.nylonppong import Rules
    >>> game_of(Rules()).key
    'nylonppong'
    >>> game_of("fan_cap=6")
    Traceback (most recent call last):
    ...
    TypeError: a handout needs a game's Rules value (kit.nylonppong.Rules, kit.sichuan.Rules or kit.hongkong.Rules), not 'fan_cap=6'
    """
    for candidate in GAMES.values():
        if candidate.owns(rules):
            return candidate
    raise TypeError(f"a handout needs a game's Rules value ({_rules_names()}), not {rules!r:.60}")


def file_stem(rules: object) -> str:
    """The handout's file name without extension: the game's lesson folder ("nylon-ppong")."""
    return game_of(rules).lessons


def handout(rules: object) -> str:
    """The cheat sheet of ``rules``'s game, for those rules, as one HTML document."""
    return SHEETS[game_of(rules).key](rules)


def footer_text(rules: object) -> str:
    """What the PDF prints at the foot of every page: the kit, the game, the reference page."""
    played = game_of(rules)
    return f"{KIT_NAME} · {played.title} · full rules: {played.reference}"


def write(rules: object, folder: str | Path = "handouts", *, pdf: bool = True) -> tuple[Path, Path]:
    """Write ``<folder>/<game>.html`` and, unless ``pdf=False``, print ``<game>.pdf`` from it.

    Returns the two paths (the PDF's even when it was not printed).
    """
    return write_all([rules], folder, pdf=pdf)[0]


def write_all(
    rule_sets: Iterable[object] | None = None, folder: str | Path = "handouts", *, pdf: bool = True
) -> list[tuple[Path, Path]]:
    """Write a handout per ``Rules`` value (every game's defaults if None), printing in one go."""
    chosen = [g.default_rules() for g in GAMES.values()] if rule_sets is None else list(rule_sets)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for rules in chosen:
        stem = file_stem(rules)
        html_path, pdf_path = out / f"{stem}.html", out / f"{stem}.pdf"
        html_path.write_text(handout(rules), encoding="utf-8")
        written.append((html_path, pdf_path))
    if pdf:
        from kit.handouts.printing import print_pdfs

        print_pdfs(
            [(h, p, footer_text(rules)) for (h, p), rules in zip(written, chosen, strict=True)]
        )
    return written


# --- RULES='kit.<game>.Rules(...)' ----------------------------------------------------------


class RulesExpressionError(ValueError):
    """A ``RULES`` expression that is not ``kit.<game>.Rules(...)`` with literal arguments."""


_FORM = "kit.<game>.Rules(name=value, ...) with <game> one of " + ", ".join(GAMES)

MAX_RULES_LENGTH = 1000
"""The longest ``RULES`` expression read: house rules are a few settings, never more."""


def _short(text: str, limit: int = 60) -> str:
    """A piece of the expression as a message quotes it: at most ``limit`` characters."""
    return text if len(text) <= limit else text[:limit] + "…"


def parse_rules(text: str) -> Any:
    """The ``Rules`` value a ``RULES`` expression names; nothing in it is run.

    Only ``kit.<game>.Rules(...)`` is accepted, its arguments literals
    (numbers, strings, True/False, None, tuples, lists, dicts); anything else
    is refused by name before any code runs. Messages quote at most the start
    of a long expression; an expression longer than :data:`MAX_RULES_LENGTH`
    or nested too deeply to read is refused as well.

    >>> parse_rules("kit.sichuan.Rules(fan_cap=6)").fan_cap
    6
    >>> parse_rules("__import__('os').system('true')")
    Traceback (most recent call last):
    ...
    kit.handouts.RulesExpressionError: RULES refused: __import__('os').system is not kit.<game>.Rules; write kit.<game>.Rules(name=value, ...) with <game> one of nylonppong, sichuan, hongkong
    >>> parse_rules("kit.sichuan.Rules(fan_cap=open('x'))")
    Traceback (most recent call last):
    ...
    kit.handouts.RulesExpressionError: RULES refused: fan_cap=open('x') is not a literal; arguments must be numbers, strings, True/False or None
    >>> parse_rules("kit.sichuan.Rules(fan_cap=7)")
    Traceback (most recent call last):
    ...
    kit.handouts.RulesExpressionError: RULES refused: kit.sichuan.Rules(fan_cap=7): fan_cap must be one of 3, 4, 5, 6, not 7
    >>> parse_rules("[" * 5000)
    Traceback (most recent call last):
    ...
    kit.handouts.RulesExpressionError: RULES refused: the expression is 5000 characters long; write kit.<game>.Rules(name=value, ...) with <game> one of nylonppong, sichuan, hongkong, at most 1000 characters
    """
    if not isinstance(text, str):
        raise RulesExpressionError(f"RULES must be text such as {_FORM}, not {text!r:.60}")
    source = text.strip()
    if len(source) > MAX_RULES_LENGTH:
        raise RulesExpressionError(
            f"RULES refused: the expression is {len(source)} characters long; write {_FORM}, "
            f"at most {MAX_RULES_LENGTH} characters"
        )
    try:
        return _read(source)
    except (MemoryError, RecursionError):
        raise RulesExpressionError(
            f"RULES refused: {_short(source)!r} is nested too deeply to read; write {_FORM}"
        ) from None


def _read(source: str) -> Any:
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as error:
        raise RulesExpressionError(
            f"RULES refused: {_short(source)!r} is not a Python expression ({error.msg}); "
            f"write {_FORM}"
        ) from None
    call = tree.body
    if not isinstance(call, ast.Call):
        raise RulesExpressionError(
            f"RULES refused: {_short(ast.unparse(call))} is not a call of kit.<game>.Rules; "
            f"write {_FORM}"
        )
    played = _game_of_callee(call.func)
    if played is None:
        raise RulesExpressionError(
            f"RULES refused: {_short(ast.unparse(call.func))} is not kit.<game>.Rules; "
            f"write {_FORM}"
        )
    args = [_literal(node, ast.unparse(node)) for node in call.args]
    kwargs = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise RulesExpressionError(
                f"RULES refused: **{_short(ast.unparse(keyword.value))} is not allowed; "
                "name each setting"
            )
        kwargs[keyword.arg] = _literal(keyword.value, f"{keyword.arg}={ast.unparse(keyword.value)}")
    try:
        return played.rules(*args, **kwargs)
    except (TypeError, ValueError) as error:
        raise RulesExpressionError(f"RULES refused: {_short(source)}: {error}") from None


def _game_of_callee(node: ast.expr) -> Game | None:
    """The game when ``node`` is exactly ``kit.<game>.Rules``, else None."""
    if (
        isinstance(node, ast.Attribute)
        and node.attr == "Rules"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr in GAMES
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "kit"
    ):
        return GAMES[node.value.attr]
    return None


def _literal(node: ast.expr, shown: str) -> Any:
    if isinstance(node, ast.Starred):
        raise RulesExpressionError(
            f"RULES refused: {_short(shown)} is not allowed; name each setting"
        )
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise RulesExpressionError(
            f"RULES refused: {_short(shown)} is not a literal; arguments must be numbers, "
            "strings, True/False or None"
        ) from None
