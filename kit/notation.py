"""What the games' notations share: one error type that quotes the bad token and where it stands.

>>> raise NotationError("9x", 4, "unknown suit letter 'x'")
Traceback (most recent call last):
...
kit.notation.NotationError: token '9x' at position 4: unknown suit letter 'x'
"""

from __future__ import annotations

__all__ = ["NotationError"]


class NotationError(ValueError):
    """Bad notation. The message quotes the offending token and its position
    (see the notation in the Sichuan and Hong Kong rules: reference/sichuan.md#tiles,
    reference/hongkong.md#tiles)."""

    def __init__(self, token: str, position: int, why: str) -> None:
        self.token = token
        self.position = position
        self.why = why
        super().__init__(f"token {token!r} at position {position}: {why}")
