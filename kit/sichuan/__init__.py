"""Sichuan "blood battle" mahjong (血战到底), scored as base × 2^fan (RULES.md §2)."""

from kit.sichuan.fan import PATTERNS, Score, score
from kit.sichuan.rules import Rules

__all__ = ["PATTERNS", "Rules", "Score", "score"]
