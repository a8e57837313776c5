"""A Jupyter teaching kit for Nylon-ppong (Hwatu), Sichuan and Hong Kong mahjong.

The rules live in plain-Python modules (:mod:`kit.hwatu` and :mod:`kit.nylonppong`,
:mod:`kit.sichuan`, :mod:`kit.hongkong`, with what they share in :mod:`kit.tiles`,
:mod:`kit.engine` and friends); pictures in :mod:`kit.render`, charts in :mod:`kit.plots` and interactive apps in
:mod:`kit.widgets` sit on top and are imported only when used.
"""

__version__ = "0.1.0"
