"""The one error every engine raises for a move the rules do not allow now.

>>> raise IllegalAction("seat 2 discards 5p", "seat 2 holds no 5p", "seat 2 to discard")
Traceback (most recent call last):
...
kit.errors.IllegalAction: seat 2 discards 5p is illegal: seat 2 holds no 5p (seat 2 to discard)
"""

from __future__ import annotations

__all__ = ["IllegalAction"]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the action and the state.

    ``action`` is the refused action, ``why`` the rule it breaks, ``state`` what the
    engine was waiting for. Nothing changes when it is raised.
    """

    def __init__(self, action: object, why: str, state: str) -> None:
        self.action = action
        self.why = why
        self.state = state
        super().__init__(f"{action} is illegal: {why} ({state})")
