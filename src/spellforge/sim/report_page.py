"""The page of a balance report: PNG plots (matplotlib) and the HTML that shows them (see ``sim.report``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

TOP_CARDS = 30  # the cards the per-card plot shows (the table lists them all)


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        from spellforge.core.errors import SpellforgeError

        raise SpellforgeError(
            "reports draw their plots with matplotlib, an extra: pip install -e '.[report]' in the project"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _errors(rates: list[dict[str, Any]]) -> list[list[float]]:
    return [[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]]


def _bars(
    ax: Any, labels: list[str], sides: list[tuple[str, list[dict[str, Any]]]], even: float | None
) -> None:
    """Win rates with their intervals, one bar group per label, one bar per configuration."""
    width = 0.8 / max(1, len(sides))
    for k, (name, rates) in enumerate(sides):
        xs = [i + (k - (len(sides) - 1) / 2) * width for i in range(len(labels))]
        ax.bar(xs, [r["rate"] for r in rates], width, yerr=_errors(rates), capsize=3, label=name)
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=30 if max((len(x) for x in labels), default=0) > 8 else 0, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    if even is not None:
        ax.axhline(even, color="grey", linestyle="--", linewidth=1)
    if len(sides) > 1:
        ax.legend()


def draw(out: Path, figs: list[dict[str, Any]], diff: dict[str, Any] | None) -> list[tuple[str, str]]:
    """Write the plots; returns (file name, caption) for each, in page order."""
    plt = _pyplot()
    base = figs[0]
    sides = [(f["label"], f) for f in figs]
    plots: list[tuple[str, str]] = []

    def save(fig: Any, name: str, caption: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=90)
        plt.close(fig)
        plots.append((name, caption))

    fig, ax = plt.subplots(figsize=(7, 3.6))
    seats = [f"P{i + 1}" for i in range(len(base["seat_wins"]))]
    _bars(ax, seats, [(n, f["seat_wins"]) for n, f in sides], 1 / max(1, len(seats)))
    ax.set_title("win rate by seat (first-seat advantage)")
    save(fig, "seats.png", "Win rate of each seat; the dashed line is an even share.")

    decks = sorted(base["decks"])
    if decks:
        fig, ax = plt.subplots(figsize=(max(6, 0.7 * len(decks) + 3), 3.8))
        _bars(ax, decks, [(n, [f["decks"].get(d, _zero()) for d in decks]) for n, f in sides], 0.5)
        ax.set_title("win rate by deck")
        save(
            fig, "decks.png", "Win rate of each deck over every game it played, with its 95% Wilson interval."
        )
    if len(base["matchups"]) > 1:
        names = sorted(base["matchups"])
        grid = [[base["matchups"][r].get(c, {}).get("rate", float("nan")) for c in names] for r in names]
        fig, ax = plt.subplots(figsize=(1.0 * len(names) + 3, 0.8 * len(names) + 2))
        im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
        ax.set_xticks(range(len(names)))
        ax.set_xticklabels(names, rotation=30, ha="right")
        ax.set_yticks(range(len(names)))
        ax.set_yticklabels(names)
        for i, r in enumerate(names):
            for j, c in enumerate(names):
                cell = base["matchups"][r].get(c)
                if cell:
                    lo, hi = cell["ci95"]
                    ax.text(
                        j, i, f"{cell['rate']:.2f}\n[{lo:.2f}-{hi:.2f}]", ha="center", va="center", fontsize=7
                    )
        fig.colorbar(im, ax=ax, label="win rate of the row deck")
        ax.set_title(f"deck against deck ({base['label']})")
        save(fig, "matchups.png", "Win rate of the row's deck against the column's, with its 95% interval.")

    fig, ax = plt.subplots(figsize=(7, 3.4))
    top = max((max(f["turns"], default=0) for f in figs), default=0)
    bins = list(range(0, top + 2))
    for name, f in sides:
        ax.hist(f["turns"], bins=bins, alpha=0.6, label=f"{name} (mean {f['avg_turns']:.1f})")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("game length")
    ax.legend()
    save(fig, "length.png", "Turns per game.")

    cards = sorted(base["cards"].items(), key=lambda kv: (-kv[1]["played"], -kv[1]["drawn"], kv[0]))[
        :TOP_CARDS
    ]
    if cards:
        labels = [c["name"] for _, c in cards]
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 0.28 * len(cards) + 1.8), sharey=True)
        ys = list(range(len(cards)))
        ax1.barh([y + 0.2 for y in ys], [c["drawn_rate"] for _, c in cards], 0.4, label="drawn")
        ax1.barh([y - 0.2 for y in ys], [c["played_rate"] for _, c in cards], 0.4, label="played")
        ax1.set_yticks(ys)
        ax1.set_yticklabels(labels, fontsize=8)
        ax1.invert_yaxis()
        ax1.set_xlabel("share of seat-games")
        ax1.legend()
        ax1.set_title("how often each card is drawn and played")
        for k, (name, f) in enumerate(sides):
            rates = [f["cards"].get(key, {}).get("win_when_played", _zero()) for key, _ in cards]
            off = (k - (len(sides) - 1) / 2) * 0.35
            ax2.errorbar(
                [r["rate"] for r in rates],
                [y + off for y in ys],
                xerr=_errors(rates),
                fmt="o",
                capsize=2,
                label=name,
            )
        ax2.axvline(0.5, color="grey", linestyle="--", linewidth=1)
        ax2.set_xlim(0, 1)
        ax2.set_xlabel("win rate of the seats that played it (95% interval)")
        ax2.set_title("win rate when played")
        if len(sides) > 1:
            ax2.legend()
        save(fig, "cards.png", f"The {len(cards)} cards played most: frequency and win rate when played.")

    if diff is not None:
        items = [(f"P{i + 1} win rate", d) for i, d in enumerate(diff["seat_wins"])]
        items += [(f"deck {k}", d) for k, d in sorted(diff["decks"].items())]
        fig, ax = plt.subplots(figsize=(7, 0.35 * len(items) + 1.5))
        ys = list(range(len(items)))
        ax.errorbar(
            [d["difference"] for _, d in items],
            ys,
            xerr=[
                [d["difference"] - d["ci95"][0] for _, d in items],
                [d["ci95"][1] - d["difference"] for _, d in items],
            ],
            fmt="o",
            capsize=3,
        )
        ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(ys)
        ax.set_yticklabels([k for k, _ in items])
        ax.invert_yaxis()
        ax.set_xlabel(f"{figs[1]['label']} minus {figs[0]['label']} (95% interval)")
        ax.set_title("what the change does")
        save(fig, "compare.png", "Each difference between the two configurations with its 95% interval.")
    return plots


def _zero() -> dict[str, Any]:
    return {"wins": 0, "games": 0, "rate": 0.0, "ci95": [0.0, 1.0]}


def _pct(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{100 * r['rate']:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def _diff(d: dict[str, Any], scale: float = 100.0, unit: str = " pts") -> str:
    lo, hi = d["ci95"]
    return f"{scale * d['difference']:+.1f}{unit} [{scale * lo:+.1f}, {scale * hi:+.1f}]"


def page(
    title: str,
    summary: dict[str, Any],
    figs: list[dict[str, Any]],
    diff: dict[str, Any] | None,
    plots: list[tuple[str, str]],
) -> str:
    """The HTML page: the batch, the plots, and tables of every figure."""
    e = html.escape
    out = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:1200px;margin:1em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "th{background:#eee}td:first-child{text-align:left}figure{margin:1em 0}img{max-width:100%}</style>",
        "</head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(summary['text'])}</p>",
    ]
    out.append("<h2>Results</h2><table><tr><th></th>" + "".join(f"<th>{e(f['label'])}</th>" for f in figs))
    if diff is not None:
        out.append("<th>difference [95%]</th>")
    out.append("</tr>")

    def row(name: str, cells: list[str], d: str | None = None) -> None:
        out.append(f"<tr><td>{e(name)}</td>" + "".join(f"<td>{e(c)}</td>" for c in cells))
        if diff is not None:
            out.append(f"<td>{e(d or '')}</td>")
        out.append("</tr>")

    row("games", [str(f["games"]) for f in figs])
    row("errors", [str(f["errors"]) for f in figs])
    row("draws or unfinished", [str(f["draws_or_unfinished"]) for f in figs])
    for i, bot in enumerate(figs[0]["bots"] if len(set(figs[0]["bots"])) > 1 else ()):  # one bot wins all
        row(
            f"bot {bot} wins",
            [_pct(f["bot_wins"][i]) for f in figs],
            _diff(diff["bot_wins"][i]) if diff else None,
        )
    for i in range(len(figs[0]["seat_wins"])):
        row(
            f"P{i + 1} wins",
            [_pct(f["seat_wins"][i]) for f in figs],
            _diff(diff["seat_wins"][i]) if diff else None,
        )
    row(
        "turns per game",
        [f"{f['avg_turns']:.2f}" for f in figs],
        _diff(diff["avg_turns"], 1.0, "") if diff else None,
    )
    row("decisions per game", [f"{f['avg_decisions']:.1f}" for f in figs])
    for deck in sorted(figs[0]["decks"]):
        row(
            f"deck {deck} wins",
            [_pct(f["decks"][deck]) if deck in f["decks"] else "" for f in figs],
            _diff(diff["decks"][deck]) if diff and deck in diff["decks"] else None,
        )
    out.append("</table>")
    for name, caption in plots:
        out.append(
            f"<figure><img src='{e(name)}' alt='{e(caption)}'><figcaption>{e(caption)}</figcaption></figure>"
        )
    out.append("<h2>Cards</h2><table><tr><th>card</th>")
    for f in figs:
        label = e(f["label"])
        out.append(f"<th>drawn ({label})</th><th>played</th><th>win when drawn</th><th>win when played</th>")
    if diff is not None:
        out.append("<th>difference when played [95%]</th>")
    out.append("</tr>")
    for key, card in sorted(figs[0]["cards"].items(), key=lambda kv: (-kv[1]["played"], kv[0])):
        out.append(f"<tr><td>{e(card['name'])}</td>")
        for f in figs:
            c = f["cards"].get(key)
            if c is None:
                out.append("<td></td>" * 4)
            else:
                out.append(
                    f"<td>{c['drawn']}</td><td>{c['played']}</td>"
                    f"<td>{e(_pct(c['win_when_drawn']))}</td><td>{e(_pct(c['win_when_played']))}</td>"
                )
        if diff is not None:
            d = diff["cards"].get(key)
            out.append(f"<td>{e(_diff(d)) if d else ''}</td>")
        out.append("</tr>")
    out.append("</table>")
    out.append(f"<p>Every figure is in <a href='report.json'>report.json</a>. {e(summary['command'])}</p>")
    out.append("</body></html>")
    return "\n".join(out)


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
