"""A Jupyter teaching kit for Nylon-ppong (Hwatu), Sichuan and Hong Kong mahjong.

The rules live in plain-Python modules: :mod:`kit.hwatu` and :mod:`kit.nylonppong` for
the card game, :mod:`kit.mahjong` for what both mahjong games share, and
:mod:`kit.sichuan` and :mod:`kit.hongkong` for each game's own rules. :mod:`kit.games`
names every game once. Pictures in :mod:`kit.render`, charts in :mod:`kit.plots` and
interactive apps in :mod:`kit.widgets` sit on top and are imported only when used.
"""

__version__ = "0.1.0"
