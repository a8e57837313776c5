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
import importlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from kit.handouts.page import KIT_NAME

__all__ = [
    "GAMES",
    "RulesExpressionError",
    "default_rules",
    "file_stem",
    "footer_text",
    "game_of",
    "handout",
    "parse_rules",
    "write",
    "write_all",
]

GAMES: tuple[str, ...] = ("nylonppong", "sichuan", "hongkong")
"""The kit's games, by package name."""

_STEMS = {"nylonppong": "nylon-ppong", "sichuan": "sichuan", "hongkong": "hongkong"}
_TITLES = {
    "nylonppong": "Nylon-ppong",
    "sichuan": "Sichuan mahjong",
    "hongkong": "Hong Kong mahjong",
}


def game_of(rules: object) -> str:
    """The game a ``Rules`` value belongs to: "nylonppong", "sichuan" or "hongkong".

    >>> from kit.nylonppong import Rules
    >>> game_of(Rules())
    'nylonppong'
    >>> game_of("fan_cap=6")
    Traceback (most recent call last):
    ...
    TypeError: a handout needs a game's Rules value (kit.nylonppong.Rules, kit.sichuan.Rules or kit.hongkong.Rules), not 'fan_cap=6'
    """
    module = type(rules).__module__.split(".")
    if (
        len(module) >= 2
        and module[0] == "kit"
        and module[1] in GAMES
        and type(rules) is importlib.import_module(f"kit.{module[1]}").Rules
    ):
        return module[1]
    names = ", ".join(f"kit.{game}.Rules" for game in GAMES[:-1]) + f" or kit.{GAMES[-1]}.Rules"
    raise TypeError(f"a handout needs a game's Rules value ({names}), not {rules!r}")


def default_rules(game: str) -> Any:
    """The kit's default ``Rules`` of ``game``."""
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    return importlib.import_module(f"kit.{game}").Rules()


def file_stem(rules: object) -> str:
    """The handout's file name without extension: "nylon-ppong", "sichuan" or "hongkong"."""
    return _STEMS[game_of(rules)]


def _sheet(game: str) -> Callable[[Any], str]:
    module = importlib.import_module(f"kit.handouts.{game}")
    sheet: Callable[[Any], str] = module.sheet
    return sheet


def handout(rules: object) -> str:
    """The cheat sheet of ``rules``'s game, for those rules, as one HTML document."""
    return _sheet(game_of(rules))(rules)


def reference_of(rules: object) -> str:
    """The rules reference page the handout points to, such as ``reference/sichuan.md``."""
    reference: str = importlib.import_module(f"kit.handouts.{game_of(rules)}").REFERENCE
    return reference


def footer_text(rules: object) -> str:
    """What the PDF prints at the foot of every page: the kit, the game, the reference page."""
    return f"{KIT_NAME} · {_TITLES[game_of(rules)]} · full rules: {reference_of(rules)}"


def write(rules: object, folder: str | Path = "handouts", *, pdf: bool = True) -> tuple[Path, Path]:
    """Write ``<folder>/<game>.html`` and, unless ``pdf=False``, print ``<game>.pdf`` from it.

    Returns the two paths (the PDF's even when it was not printed).
    """
    return write_all([rules], folder, pdf=pdf)[0]


def write_all(
    rule_sets: Iterable[object] | None = None, folder: str | Path = "handouts", *, pdf: bool = True
) -> list[tuple[Path, Path]]:
    """Write a handout per ``Rules`` value (every game's defaults if None), printing in one go."""
    chosen = [default_rules(g) for g in GAMES] if rule_sets is None else list(rule_sets)
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


def parse_rules(text: str) -> Any:
    """The ``Rules`` value a ``RULES`` expression names; nothing in it is run.

    Only ``kit.<game>.Rules(...)`` is accepted, its arguments literals
    (numbers, strings, True/False, None, tuples, lists, dicts); anything else
    is refused by name before any code runs.

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
    """
    if not isinstance(text, str):
        raise RulesExpressionError(f"RULES must be text such as {_FORM}, not {text!r}")
    source = text.strip()
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as error:
        raise RulesExpressionError(
            f"RULES refused: {source!r} is not a Python expression ({error.msg}); write {_FORM}"
        ) from None
    call = tree.body
    if not isinstance(call, ast.Call):
        raise RulesExpressionError(
            f"RULES refused: {ast.unparse(call)} is not a call of kit.<game>.Rules; write {_FORM}"
        )
    game = _game_of_callee(call.func)
    if game is None:
        raise RulesExpressionError(
            f"RULES refused: {ast.unparse(call.func)} is not kit.<game>.Rules; write {_FORM}"
        )
    args = [_literal(node, ast.unparse(node)) for node in call.args]
    kwargs = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise RulesExpressionError(
                f"RULES refused: **{ast.unparse(keyword.value)} is not allowed; name each setting"
            )
        kwargs[keyword.arg] = _literal(keyword.value, f"{keyword.arg}={ast.unparse(keyword.value)}")
    rules_type = importlib.import_module(f"kit.{game}").Rules
    try:
        return rules_type(*args, **kwargs)
    except (TypeError, ValueError) as error:
        raise RulesExpressionError(f"RULES refused: {source}: {error}") from None


def _game_of_callee(node: ast.expr) -> str | None:
    """``game`` when ``node`` is exactly ``kit.<game>.Rules``, else None."""
    if (
        isinstance(node, ast.Attribute)
        and node.attr == "Rules"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr in GAMES
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "kit"
    ):
        return node.value.attr
    return None


def _literal(node: ast.expr, shown: str) -> Any:
    if isinstance(node, ast.Starred):
        raise RulesExpressionError(f"RULES refused: {shown} is not allowed; name each setting")
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise RulesExpressionError(
            f"RULES refused: {shown} is not a literal; arguments must be numbers, strings, "
            "True/False or None"
        ) from None
