"""The page of a balance report: the HTML that shows the figures and the plots (``report_plots``), and
``report.json`` with every figure on it (see ``sim.report``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from .intervals import p_text
from .report_plots import draw, pyplot, slug

__all__ = ["page", "pyplot", "write"]

STYLE = (
    "body{font-family:sans-serif;max-width:1400px;margin:1em auto;padding:0 1em;line-height:1.4}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
    "td{white-space:nowrap}.wide{overflow-x:auto}"
    "th{background:#eee}th[colspan]{text-align:center}td:first-child,td.name,th.name{text-align:left}figure{margin:1em 0}img{max-width:100%}"
    ".high{background:#fde0dc}.low{background:#dce8fd}.flag{color:#b71c1c;font-weight:bold}"
    ".changed{font-weight:bold}.note{color:#555;font-size:90%}"
)


def _pct(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{100 * r['rate']:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def _rate(r: dict[str, Any]) -> str:
    return f"{100 * r['rate']:.1f}%" if r["games"] else ""


def _diff(d: dict[str, Any] | None, scale: float = 100.0, unit: str = " pts") -> str:
    if d is None:
        return ""
    lo, hi = d["ci95"]
    return f"{scale * d['difference']:+.1f}{unit} [{scale * lo:+.1f}, {scale * hi:+.1f}]"


def _paired(d: dict[str, Any] | None, scale: float = 100.0, unit: str = " pts") -> str:
    if d is None:
        return ""
    mark = " *" if d["significant"] else ""
    return f"{_diff(d, scale, unit)} {p_text(d['p'])}{mark}"


DEFINITIONS = (
    "<h2>How to read the figures</h2><ul>"
    "<li>A <b>seat-game</b> is one seat of one game. Intervals are 95%: Wilson's for a win rate, "
    "Newcombe's hybrid score interval for a difference of two win rates.</li>"
    "<li><b>Drawn</b>: the card was in its owner's hand at some point of the game (opening hand included); "
    "<b>played</b>: its owner's action took it from the hand; <b>in opening hand</b>: in the hand the seat "
    "started with. Copies count once.</li>"
    "<li><b>Improvement when drawn</b>: within the card's deck, the win rate of the seat-games in which the "
    "card was drawn minus that of the seat-games in which it was not (the same for played). Cards are "
    "ranked by it within their deck. Every card of a deck shares part of it (a seat that draws more cards "
    "plays a longer game), so a card is <b>flagged</b> when its interval, widened to the Bonferroni level "
    "for its deck's ranked cards, lies wholly above (high) or below (low) the deck's median. The opening "
    "hand is the shuffle's choice alone, so its improvement is free of that shared part.</li>"
    "<li><b>Compared</b> configurations play the same seeds: each seat of each seed is a pair. A win rate's "
    "change is the paired difference with Newcombe's interval for paired proportions and McNemar's exact "
    "p-value; turns, the mean paired difference. A change that makes games shorter moves every card's "
    "improvement, so a card's change is that of its improvement less its deck's mean improvement, with "
    "the delta method's interval (games as clusters). A difference is <b>flagged</b> (*) when p is below "
    "5% divided by the number of figures of its kind (seats, bots, decks, matchups; cards the change touched, or the other cards of a "
    "deck).</li></ul>"
)


def page(
    title: str,
    summary: dict[str, Any],
    figs: list[dict[str, Any]],
    diff: dict[str, Any] | None,
    plots: list[tuple[str, str]],
) -> str:
    """The HTML page: the batch, what changed, the plots, and tables of every figure."""
    e = html.escape
    out = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(title)}</title><style>{STYLE}</style>",
        "</head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(summary['text'])}</p>",
    ]
    if diff is not None:
        out.append(f"<h2>What changed: {e(figs[0]['label'])} &rarr; {e(figs[1]['label'])}</h2><ul>")
        out += [f"<li>{e(line)}</li>" for line in diff["changes_text"] or ["nothing: the same configuration"]]
        out.append(f"</ul><h3>Flagged differences ({diff['paired_games']} seeds played under both)</h3>")
        if diff["flags"]:
            out.append("<ul>" + "".join(f"<li class='flag'>{e(f)}</li>" for f in diff["flags"]) + "</ul>")
        else:
            out.append("<p>No difference is significant.</p>")
    _results(out, figs, diff)
    for name, caption in plots:
        if not name.startswith("cards-"):
            out.append(
                f"<figure><img src='{e(name)}' alt='{e(caption)}'><figcaption>{e(caption)}</figcaption></figure>"
            )
    _cards(out, figs, diff, dict(plots))
    out.append(DEFINITIONS)
    out.append(
        "<p class='note'>Every figure is in <a href='report.json'>report.json</a>."
        + (f" Made by <code>{e(summary['command'])}</code>." if summary["command"] else "")
        + "</p>"
    )
    out.append("</body></html>")
    return "\n".join(out)


def _results(out: list[str], figs: list[dict[str, Any]], diff: dict[str, Any] | None) -> None:
    e = html.escape
    out.append("<h2>Results</h2><table>")
    if diff is not None:  # one configuration needs no column names
        out.append(
            "<tr><th></th>"
            + "".join(f"<th>{e(f['label'])}</th>" for f in figs)
            + "<th>paired difference [95%], p</th></tr>"
        )

    def row(name: str, cells: list[str], d: str | None = None) -> None:
        out.append(f"<tr><td>{e(name)}</td>" + "".join(f"<td>{e(c)}</td>" for c in cells))
        if diff is not None:
            out.append(f"<td>{e(d or '')}</td>")
        out.append("</tr>")

    row("games", [str(f["games"]) for f in figs])
    row("bots (by slot)", [", ".join(f["bots"]) for f in figs])
    row("errors", [str(f["errors"]) for f in figs])
    row("draws or unfinished", [str(f["draws_or_unfinished"]) for f in figs])
    if len(set(figs[0]["bots"])) > 1:  # with one bot everywhere, it wins every game
        for i, bot in enumerate(figs[0]["bots"]):
            row(
                f"bot slot {i + 1} ({bot}) wins",
                [_pct(f["bot_wins"][i]) if i < len(f["bot_wins"]) else "" for f in figs],
                _paired(diff["bot_wins"][i]) if diff and i < len(diff["bot_wins"]) else None,
            )
    for i in range(len(figs[0]["seat_wins"])):
        row(
            f"P{i + 1} wins",
            [_pct(f["seat_wins"][i]) for f in figs],
            _paired(diff["seat_wins"][i]) if diff else None,
        )
    row(
        "turns per game",
        [f"{f['avg_turns']:.2f}" for f in figs],
        _paired(diff["avg_turns"], 1.0, "") if diff else None,
    )
    row("decisions per game", [f"{f['avg_decisions']:.1f}" for f in figs])
    decks = sorted(set().union(*(f["decks"] for f in figs)))
    for deck in decks:
        row(
            f"deck {deck} wins",
            [_pct(f["decks"][deck]) if deck in f["decks"] else "" for f in figs],
            _paired(diff["decks"].get(deck)) if diff else None,
        )
    if diff is not None:
        for d, cells in diff["matchups"].items():
            for o, fig in cells.items():
                row(
                    f"{d} against {o}",
                    [_pct(f["matchups"][d][o]) if o in f["matchups"].get(d, {}) else "" for f in figs],
                    _paired(fig),
                )
    out.append("</table>")


def _cards(
    out: list[str], figs: list[dict[str, Any]], diff: dict[str, Any] | None, plots: dict[str, str]
) -> None:
    e = html.escape
    base = figs[0]
    out.append(
        "<h2>Cards, within their deck</h2><p>Per deck, its cards ranked by their improvement when drawn"
        + (f" ({e(base['label'])})" if diff is not None else "")
        + "; the flagged cards stand out from the deck's median (see below).</p>"
    )
    changed = {c["key"] for c in diff["changes"].get("cards", [])} if diff else set()
    for deck, entry in base["cards"].items():
        out.append(
            f"<h3 id='deck-{e(slug(deck))}'>{e(deck)}</h3><p>{entry['seat_games']} seat-games, "
            f"win rate {e(_pct(entry['win']))}, median improvement when drawn "
            f"{100 * entry['median_improvement']:+.1f} pts.</p>"
        )
        name = f"cards-{slug(deck)}.png"
        if name in plots:
            out.append(
                f"<figure><img src='{e(name)}' alt='{e(plots[name])}'><figcaption>{e(plots[name])}</figcaption></figure>"
            )
        # with a comparison, its columns come right after the first configuration's, where they are seen
        head = (
            "<th>rank</th><th class='name'>card</th><th>drawn in</th><th>win when drawn</th>"
            "<th>win when not drawn</th><th>improvement when drawn [95%]</th><th>flag</th>"
        )
        if diff is not None:
            head += (
                "<th>rank, flag</th><th>improvement when drawn [95%]</th>"
                "<th>change against the deck's mean, paired [95%], p</th>"
            )
        head += (
            "<th>played in</th><th>improvement when played [95%]</th>"
            "<th>in opening hand</th><th>improvement in opening hand [95%]</th>"
        )
        out.append("<div class='wide'><table>")
        if diff is not None:  # which configuration each group of columns is
            a, b = e(base["label"]), e(figs[1]["label"])
            out.append(f"<tr><th colspan='7'>{a}</th><th colspan='3'>{b}</th><th colspan='4'>{a}</th></tr>")
        out.append(f"<tr>{head}</tr>")
        other = {c["key"]: c for c in figs[1]["cards"].get(deck, {}).get("cards", [])} if diff else {}
        for c in entry["cards"]:
            cls = f" class='{c['flag']}'" if c["flag"] else ""
            label = e(c["name"]) + (" <span class='changed'>(changed)</span>" if c["key"] in changed else "")
            out.append(
                f"<tr{cls}><td>{c['rank'] or ''}</td><td class='name'>{label}</td>"
                f"<td>{c['drawn']['games']} ({100 * c['drawn_share']:.0f}%)</td>"
                f"<td>{_rate(c['drawn'])}</td><td>{_rate(c['not_drawn'])}</td>"
                f"<td>{e(_diff(c['improvement_when_drawn']))}</td><td>{e(c['flag'])}</td>"
            )
            if diff is not None:
                o = other.get(c["key"])
                rank = f"{o['rank'] or ''} {o['flag']}".strip() if o else ""
                out.append(f"<td>{e(rank)}</td><td>{e(_diff(o['improvement_when_drawn'])) if o else ''}</td>")
                out.append(f"<td>{e(_paired(diff['cards'].get(deck, {}).get(c['key'])))}</td>")
            out.append(
                f"<td>{c['played']['games']} ({100 * c['played_share']:.0f}%)</td>"
                f"<td>{e(_diff(c['improvement_when_played']))}</td>"
                f"<td>{c['opening']['games']} ({100 * c['opening_share']:.0f}%)</td>"
                f"<td>{e(_diff(c['improvement_in_opening_hand']))}</td></tr>"
            )
        out.append("</table></div>")


def write(
    out: Path, title: str, summary: dict[str, Any], figs: list[dict[str, Any]], diff: dict[str, Any] | None
) -> Path:
    """Write the plots, ``report.json`` and ``index.html`` into ``out``; returns the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    plots = draw(out, figs, diff)
    data = {"summary": summary, "configurations": figs, "difference": diff, "plots": [p for p, _ in plots]}
    (out / "report.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    index = out / "index.html"
    index.write_text(page(title, summary, figs, diff, plots), encoding="utf-8")
    return index
