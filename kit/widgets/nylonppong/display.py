"""What the Nylon-ppong apps share: how they write a score."""

from __future__ import annotations

__all__ = ["minus"]


def minus(value: int) -> str:
    """Negative numbers with a true minus sign, as penalties are printed: ``−33``."""
    return f"−{-value}" if value < 0 else str(value)
