"""What both mahjong games share: tiles and their notation, hand analysis, the table
engine with its observations and world sampling, win conditions and the shared scorer.

Each game package (:mod:`kit.sichuan`, :mod:`kit.hongkong`) builds on these modules and
adds only what its own rules decide.
"""
