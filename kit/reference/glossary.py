"""The glossary's terms: English, the original word, German, and a one-line meaning.

Each term has its own anchor on ``reference/glossary.md`` (lessons link a term
there on first use), and :func:`kit.reference.cite` finds it as
``cite("glossary", "pung")``. The glossary's tables are written from this list
by ``python -m kit.reference``.

German is the language of the rule pages these games were taken from. Where no
settled German technical word is known to the kit, the German column holds a
plain description instead (``plain=True``, shown in italics), never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TERMS", "Term"]


@dataclass(frozen=True)
class Term:
    """One glossary entry; ``group`` is the glossary section (an anchor) it is listed in."""

    anchor: str
    english: str
    original: str
    """The word in its own script with its romanisation, or "—" when there is none.

    One slot holds one word: ``门/門`` is one word in simplified and traditional
    script, read ``(mén / mun4)`` in Mandarin (pinyin) and Cantonese (Jyutping).
    Where the two regions use different words, each is named as such:
    ``Mandarin 条 tiáo; Cantonese 索 sok3``.
    """
    german: str
    meaning: str
    group: str
    plain: bool = False
    """The German is a plain description, not an established technical word."""


def _terms(
    group: str, *rows: tuple[str, str, str, str, str] | tuple[str, str, str, str, str, bool]
) -> tuple[Term, ...]:
    return tuple(Term(row[0], row[1], row[2], row[3], row[4], group, *row[5:]) for row in rows)


NYLON = "nylon-ppong-terms"
MAHJONG = "mahjong-terms"
SICHUAN = "sichuan-terms"
HONGKONG = "hongkong-terms"

TERMS: tuple[Term, ...] = (
    *_terms(
        NYLON,
        ("hwatu", "Hwatu", "화투 (hwatu, “flower battle”)", "Hwatu",
         "the Korean deck of 48 flower cards, 12 months of 4 cards"),
        ("nylon-ppong", "Nylon-ppong", "나이롱뽕 (nairong-ppong)", "Nylon-ppong",
         "a Korean rummy played with the Hwatu deck; the fewest penalty points win"),
        ("month", "month", "월 (wol)", "Monat",
         "the four cards of one plant; a card's value in Nylon-ppong is its month number, 1–12"),
        ("bright", "bright", "광 (gwang)", "Lichtkarte", "one of the five cards marked 광: crane, curtain, moon, phoenix, rain man (display only)", True),
        ("animal", "animal", "열끗 (yeol-kkeut)", "Tierkarte", "a card showing an animal or object (display only)", True),
        ("ribbon", "ribbon", "띠 (tti)", "Bandkarte", "a card showing a ribbon (display only)", True),
        ("junk", "junk", "피 (pi)", "einfache Karte", "a plain card; double junk (쌍피, ssangpi) counts double in other Hwatu games", True),
        ("draw-pile", "draw pile", "—", "Nachziehstapel", "the face-down cards left after the deal"),
        ("discard-pile", "discard pile", "—", "Ablagestapel", "the face-up cards discarded so far; only the top one can be ppong'd"),
        ("ppong", "ppong", "뽕 (ppong)", "Ppong",
         "laying out a pair of the top discard's month instead of drawing"),
        ("claim-window", "claim window", "—", "Moment, in dem man zugreifen darf",
         "the moment after a discard and before the next draw, when ppong may be called out of turn", True),
        ("go-out", "go out", "—", "alle Karten loswerden",
         "empty your hand: a ppong with exactly the pair in hand ends the round at once", True),
        ("ppong-victim", "ppong victim", "—", "Spieler, dessen Abwurf zum Ppong führte",
         "the player whose discard let another go out by ppong; pays the ppong victim penalty", True),
        ("stop", "stop", "스톱 (seutop)", "Stop",
         "ending the round with two cards whose months sum to at most the stop limit"),
        ("stop-limit", "stop limit", "—", "Stop-Grenze", "the highest two-card sum that may call stop (5 by default)", True),
        ("combination", "combination", "족보 (jokbo)", "Kombination",
         "six cards of a listed shape, declared right after drawing; ends the round"),
        ("ddoi-ddoi", "ddoi-ddoi", "또이또이 (ddoi-ddoi)", "drei Paare oder zwei Drillinge",
         "three pairs, or two triples: a combination worth 0", True),
        ("nejang-ddoi", "nejang-ddoi", "4장 또이 (ne-jang ddoi)", "Vierling und Paar",
         "four cards of one month and a pair of another: −50", True),
        ("straight", "straight", "스트레이트 (seuteureiteu)", "Straße",
         "six consecutive months, worth minus their sum"),
        ("sib-bujok", "sib-bujok", "십부족 (sip-bujok, literally “ten short”)", "zehn oder weniger",
         "six cards whose months sum to 10 or less, exactly 10 included: −100", True),
        ("daeppang", "daeppang", "대빵 (daeppang)", "66 oder mehr",
         "six cards whose months sum to 66 or more: −100", True),
        ("penalty", "penalty points", "벌점 (beoljeom)", "Strafpunkte",
         "what a round costs you: your hand's month sum plus any penalty; lower is better"),
    ),
    *_terms(
        MAHJONG,
        ("tile", "tile", "牌 (pái / paai4)", "Stein", "one of the mahjong pieces"),
        ("suit", "suit", "门/門 (mén / mun4)", "Farbe", "characters, dots or bamboo, each numbered 1–9"),
        ("characters", "characters", "万/萬 (wàn / maan6)", "Zeichen", "the suit written `m` in the kit's notation"),
        ("dots", "dots", "筒 (tǒng / tung4)", "Kreise", "the suit written `p` (circles)"),
        ("bamboo", "bamboo", "Mandarin 条 tiáo; Cantonese 索 sok3", "Bambus", "the suit written `s`"),
        ("honours", "honours", "字牌 (zìpái / zi6 paai4)", "Ehrensteine",
         "winds and dragons, written `1z`–`7z`; Hong Kong only"),
        ("winds", "winds", "风/風 (fēng / fung1)", "Winde", "East, South, West, North: `1z`–`4z`"),
        ("dragons", "dragons", "三元牌 (sānyuán pái / saam1 jyun4 paai4)", "Drachen", "White, Green, Red: `5z`–`7z`"),
        ("terminal", "terminal", "幺九 (yāojiǔ / jiu1 gau2)", "Eins oder Neun einer Farbe",
         "a 1 or a 9 of a suit", True),
        ("wall", "wall", "牌墙/牌牆 (páiqiáng / paai4 coeng4)", "Mauer", "the face-down tiles still to be drawn"),
        ("dealer", "dealer", "庄家/莊家 (zhuāngjiā / zong1 gaa1)", "Geber",
         "the player who starts with 14 tiles and discards first; East in Hong Kong"),
        ("discard", "discard", "打牌 (dǎpái / daa2 paai4)", "Abwurf",
         "the tile a player throws out face up to end a turn"),
        ("group", "group", "面子 (miànzi / min6 zi2)", "Gruppe", "three tiles that belong together: a pung or a chow (or a kong, four)", True),
        ("pung", "pung", "碰 (pèng / pung3)", "Drilling", "three identical tiles"),
        ("kong", "kong", "杠/槓 (gàng / gong3)", "Vierling",
         "four identical tiles, declared; the player draws a replacement tile"),
        ("chow", "chow", "Mandarin 吃 chī; Cantonese 上 soeng5", "Folge (Sequenz)",
         "three consecutive tiles of one suit, e.g. 3-4-5 of dots; Hong Kong only as a claim"),
        ("pair", "pair", "对/對 (duì / deoi3); also Mandarin 将 jiàng, Cantonese 眼 ngaan5 (“eye”)", "Paar",
         "two identical tiles; a standard winning hand has exactly one"),
        ("meld", "meld", "—", "ausgelegte Gruppe",
         "a group shown on the table: a claimed pung, kong or chow, or a declared concealed kong", True),
        ("exposed", "exposed", "明 (míng / ming4)", "offen",
         "shown to the table; an exposed group was claimed from a discard"),
        ("concealed", "concealed", "暗 (àn / am3)", "verdeckt",
         "kept in the hand, not claimed; a concealed kong is declared from the player's own four tiles"),
        ("concealed-kong", "concealed kong", "暗杠/暗槓 (àngàng / am3 gong3)", "verdeckter Vierling",
         "a kong of four tiles the player drew itself; written `(7777p)`"),
        ("added-kong", "added kong", "加杠/加槓 (jiāgàng / gaa1 gong3)", "erweitertes Kong",
         "a fourth tile added to an exposed pung"),
        ("kong-replacement", "kong replacement", "补牌/補牌 (bǔpái / bou2 paai4)", "Ersatzstein",
         "the tile a player draws after declaring a kong; the kit takes it from the far end of the wall"),
        ("claim", "claim", "—", "Abwurf aufnehmen",
         "taking the last discard to complete a group or a winning hand", True),
        ("win", "win", "Mandarin 胡 hú; Cantonese 糊 wu4", "Mahjong (gewinnen)",
         "completing a winning hand with the drawn or discarded tile"),
        ("self-drawn", "self-drawn", "自摸 (zìmō / zi6 mo1)", "selbst gezogen",
         "won with a tile the winner drew from the wall, not a discard"),
        ("win-on-discard", "win on a discard", "—", "Gewinn durch Abwurf",
         "won with another player's discard; that player, who dealt in, pays", True),
        ("deal-in", "deal in", "Mandarin 点炮 diǎnpào; Cantonese 出銃 ceot1 cung3", "den Gewinnstein abwerfen",
         "to discard the tile another player wins on; the one who deals in pays for that win", True),
        ("robbing-the-kong", "robbing the kong", "抢杠/搶槓 (qiǎnggàng / coeng2 gong3)", "Vierling rauben",
         "winning on the tile another player adds to a pung"),
        ("fan", "fan", "番 (fān / faan1)", "Fan", "a unit of a hand's value; patterns add fan"),
        ("cap", "cap", "封顶/封頂 (fēngdǐng / fung1 deng2)", "Obergrenze",
         "the most fan a hand can count: 4 in Sichuan, 10 in Hong Kong by default"),
        ("best-reading", "best reading", "—", "beste Lesart",
         "when a hand splits into groups in several ways, the way that scores most counts", True),
        ("standard-form", "four groups and a pair", "—", "vier Gruppen und ein Paar",
         "the standard winning hand: 14 tiles as four groups plus a pair", True),
        ("seven-pairs", "seven pairs", "七对/七對 (qīduì / cat1 deoi3)", "Sieben Paare",
         "a fully concealed hand of seven pairs; a Sichuan win, not a Hong Kong one"),
        ("all-pungs", "all pungs", "Mandarin 对对胡 duìduì hú; Cantonese 對對糊 deoi3 deoi3 wu4", "nur Drillinge",
         "four pungs or kongs and a pair"),
        ("full-flush", "full flush", "清一色 (qīngyīsè / cing1 jat1 sik1)", "Reine Hand",
         "every tile from one suit, no honours"),
        ("heavenly-hand", "heavenly hand", "Mandarin 天胡 tiānhú; Cantonese 天糊 tin1 wu4", "Segen des Himmels",
         "the dealer wins on its 14 dealt tiles"),
        ("earthly-hand", "earthly hand", "Mandarin 地胡 dìhú; Cantonese 地糊 dei6 wu4", "Segen der Erde",
         "a win on the dealer's first discard"),
        ("shanten", "shanten", "向听/向聽 (xiàngtīng; Japanese shanten)", "Schritte bis fertig",
         "how many tile changes the hand still needs to be ready; 0 means ready", True),
        ("ready", "ready", "听牌/聽牌 (tīngpái / teng1 paai4)", "bereit",
         "one tile away from a winning hand"),
        ("wait", "wait", "听/聽 (tīng / teng1); Sichuan 叫 (jiào)", "gesuchter Stein",
         "a tile that would complete a ready hand", True),
        ("improving-tiles", "improving tiles", "进张/進張 (jìnzhāng / zeon3 zoeng1)", "Steine, die die Hand verbessern",
         "the tiles that would lower the hand's shanten", True),
        ("acceptance", "acceptance", "进张数/進張數 (jìnzhāng shù / zeon3 zoeng1 sou3)", "Zahl der verbessernden Steine",
         "how many unseen copies of the improving tiles are left", True),
        ("seat", "seat", "—", "Platz", "a player's place at the table, numbered 0, 1, 2, … in turn order"),
    ),
    *_terms(
        SICHUAN,
        ("blood-battle", "blood battle", "血战到底 (xuèzhàn dàodǐ)", "Kampf bis aufs Blut",
         "Sichuan mahjong where a winner leaves and the others play on", True),
        ("void-suit", "void suit", "定缺 (dìngquē)", "Fehlfarbe",
         "the suit a player names at the start and must get rid of before winning"),
        ("root", "root", "根 (gēn)", "Wurzel (vier gleiche Steine)",
         "four identical tiles in a winning hand; +1 fan each", True),
        ("golden-wait", "golden wait", "金钩钓 (jīngōu diào)", "Warten auf den Paarstein mit vier Gruppen ausgelegt",
         "all four groups are melds and the winning tile completes the lone pair", True),
        ("win-after-kong", "win after a kong", "杠上开花 (gàng shàng kāihuā)", "Gewinn mit dem Ersatzstein",
         "a win on a kong's replacement tile", True),
        ("shot-after-kong", "shot after a kong", "杠上炮 (gàng shàng pào)", "Gewinn auf den Abwurf nach einem Kong",
         "a win on the tile a player discards right after their kong", True),
        ("under-the-sea", "under the sea", "海底捞月 (hǎidǐ lāoyuè)", "Gewinn mit dem letzten Stein",
         "a win on the last wall tile, or on the discard right after it", True),
        ("dragon-seven-pairs", "dragon seven pairs", "龙七对 (lóng qīduì)", "Sieben Paare mit vier gleichen Steinen",
         "seven pairs with a root: 3 fan", True),
        ("base", "base", "底 (dǐ)", "Basis", "the stake: a hand is worth base × 2^fan"),
        ("self-draw-bonus", "self-draw bonus", "自摸加底 (zìmō jiā dǐ)", "Bonus fürs Selbstziehen",
         "what a self-drawn win adds: one base per payer by default"),
        ("wind-and-rain", "wind and rain", "刮风下雨 (guāfēng xiàyǔ)", "Wind und Regen",
         "kong payments: an added kong is wind, a concealed kong rain"),
        ("kong-transfer", "kong transfer", "呼叫转移 (hūjiào zhuǎnyí)", "Weitergabe des Kong-Geldes",
         "a shot after a kong hands that kong's money to the winner", True),
        ("flower-pig", "flower pig", "花猪 (huāzhū); the check 查花猪 (chá huāzhū)", "„Blumenschwein“: Spieler mit Fehlfarbe",
         "a player still holding a void-suit tile when the wall runs out; pays the maximum", True),
        ("not-ready", "not ready", "没叫 (méi jiào, “no call”); the check 查大叫 (chá dàjiào, “checking the big calls”)", "nicht bereit",
         "a player with no wait when the wall runs out; the check makes them pay each ready player that player's largest hand"),
        ("refund", "refund", "退税 (tuìshuì)", "Rückzahlung",
         "not-ready players give back the kong money they received this deal", True),
        ("several-winners", "several winners on one discard", "一炮多响 (yī pào duō xiǎng)", "mehrere Gewinner auf einen Abwurf",
         "one discard gives several players a win; the discarder pays each", True),
    ),
    *_terms(
        HONGKONG,
        ("minimum", "minimum", "起糊 (hei2 wu4)", "Mindestwert",
         "the fewest fan a win needs: 3 by default", True),
        ("limit-hand", "limit hand", "Mandarin 满贯 mǎnguàn; Cantonese 滿糊 mun5 wu4", "Limit-Hand",
         "a rare hand that scores the cap whatever else it holds"),
        ("all-chows", "all chows", "平胡 (ping4 wu4)", "nur Folgen",
         "four chows and a pair: 1 fan"),
        ("half-flush", "half flush", "混一色 (wan6 jat1 sik1)", "Halbreine Hand",
         "one suit plus honours: 3 fan"),
        ("dragon-pung", "dragon pung", "番子 (faan1 zi2)", "Drachen-Drilling", "a pung or kong of dragons: 1 fan each"),
        ("seat-wind", "seat wind", "门风/門風 (mun4 fung1)", "Sitzwind",
         "the wind of your seat; a pung of it is 1 fan"),
        ("round-wind", "round wind", "圈风/圈風 (hyun1 fung1)", "Rundenwind",
         "the wind of the round; a pung of it is 1 fan"),
        ("thirteen-orphans", "thirteen orphans", "十三幺 (sap6 saam1 jiu1)", "Dreizehn Waisen",
         "one of each terminal and honour plus a pair of one of them: a limit hand"),
        ("payment-table", "payment table", "—", "Wertungstabelle",
         "fan → what the discarder pays and what each pays on a self-draw; editable data"),
        ("half-spicy", "half-spicy", "半辣上 (bun3 laat6 soeng5)", "„halb scharf“",
         "the default payment table: from 4 fan on, the amount doubles every two fan", True),
        ("full-spicy", "full-spicy", "辣辣上 (laat6 laat6 soeng5)", "„ganz scharf“",
         "the payment table where every fan doubles", True),
        ("pao", "pao (liability)", "包 (baau1)", "Haftung",
         "the player who fed a fourth exposed group or third dragon group pays the whole win", True),
        ("head-bump", "head bump", "截糊 (zit6 wu4)", "Vorrang des nächsten Spielers",
         "when several could win on one discard, the first in turn order after the discarder wins", True),
        ("two-player-table", "two-player table", "—", "Tisch für zwei Spieler",
         "the 80-tile game for two: no 2–8 of bamboo or characters", True),
        ("golden-table", "Golden table", "—", "Golden-Tabelle",
         "the two-player table's fan → payment values; the one opponent pays", True),
    ),
)  # fmt: skip
"""Every glossary term, grouped by glossary section, in table order."""
