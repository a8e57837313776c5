"""SVG and HTML pictures of Hwatu cards, mahjong tiles, hands and results.

Everything is drawn here, by code, as inline SVG: no image files, no web fonts,
no network. The functions only build strings (text goes through
:func:`html.escape`), so they work in a notebook, in Voila, in a static HTML
export or in a plain test. Values display themselves by calling these from
their ``_repr_html_``.

The package is split by what is drawn:

* :mod:`kit.render.svg`: the font, the palette, text, shapes and the ``<svg>``
  element every picture shares;
* :mod:`kit.render.cards` (with :mod:`kit.render.plants`): Hwatu cards, rows
  of cards and the deck month by month;
* :mod:`kit.render.tiles`: mahjong tiles, rows of tiles and hands;
* :mod:`kit.render.nylonppong`: combinations, rounds in play and finished rounds;
* :mod:`kit.render.mahjong`: scored hands and deals' ledgers (Sichuan and Hong Kong);
* :mod:`kit.render.hongkong`: a Hong Kong deal as it stands;
* :mod:`kit.render.results`: the table cells and money colours those three share;
* :mod:`kit.render.table`: the one HTML table writer every table goes through;
* :mod:`kit.render.readouts`: the apps' small tables (payouts, waits, seats' nets);
* :mod:`kit.render.coaching`: the coach's panel and the review of a deal;
* :mod:`kit.render.spoken`: a learner's line, its tiles and cards as small pictures with
  their names (the notation in the tooltip), its seats as "you" and "Seat 2";
* :mod:`kit.render.rules`: a ``Rules`` value as a table of house rules;
* :mod:`kit.render.size`: one picture size for the whole page (``set_size("large")``).

>>> from kit.hwatu import Card
>>> svg = card_svg(Card.parse("3B"))
>>> svg.startswith("<svg ") and 'class="kit-card-face"' in svg
True
>>> "(no cards)" in cards_html([])
True
"""

from kit.render.cards import card_back_svg, card_svg, cards_html, month_strip_html
from kit.render.hongkong import table_html
from kit.render.mahjong import deal_html, score_html
from kit.render.nylonppong import combination_html, round_html, round_result_html
from kit.render.size import set_size, size_style
from kit.render.svg import FONT as FONT
from kit.render.tiles import TILE_FONT as TILE_FONT
from kit.render.tiles import hand_html, tile_back_svg, tile_svg, tiles_html

__all__ = [
    "card_back_svg",
    "card_svg",
    "cards_html",
    "combination_html",
    "deal_html",
    "hand_html",
    "month_strip_html",
    "round_html",
    "round_result_html",
    "score_html",
    "set_size",
    "size_style",
    "table_html",
    "tile_back_svg",
    "tile_svg",
    "tiles_html",
]
