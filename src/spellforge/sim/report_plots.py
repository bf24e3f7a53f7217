"""The PNG plots of a balance report (matplotlib, the ``[report]`` extra); ``report_page`` puts them on the
page. Every value drawn is one of the figures in ``report.json``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# colours: the first configuration, the second, a flagged figure
BASE, CHANGED, FLAG = "#1f77b4", "#ff7f0e", "#d62728"


def pyplot() -> Any:
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


def luminance(rgb: Sequence[float]) -> float:
    """The relative luminance of an sRGB colour (components 0-1), as WCAG defines it."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour(rgb: Sequence[float]) -> str:
    """Black or white, whichever contrasts more with a cell of colour ``rgb``."""
    lum = luminance(rgb)
    return "black" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "white"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "deck"


def _errors(rates: list[dict[str, Any]]) -> list[list[float]]:
    return [[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]]


def _zero() -> dict[str, Any]:
    return {"wins": 0, "games": 0, "rate": 0.0, "ci95": [0.0, 1.0]}


def _bars(
    ax: Any, labels: list[str], sides: list[tuple[str, list[dict[str, Any]]]], even: float | None
) -> None:
    """Win rates with their intervals, one bar group per label, one bar per configuration."""
    width = 0.8 / max(1, len(sides))
    for k, (name, rates) in enumerate(sides):
        xs = [i + (k - (len(sides) - 1) / 2) * width for i in range(len(labels))]
        colour = BASE if k == 0 else CHANGED
        ax.bar(
            xs, [r["rate"] for r in rates], width, yerr=_errors(rates), capsize=3, label=name, color=colour
        )
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=30 if max((len(x) for x in labels), default=0) > 8 else 0, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    if even is not None:
        ax.axhline(even, color="grey", linestyle="--", linewidth=1)
    if len(sides) > 1:
        ax.legend()


def heatmap(ax: Any, matchups: dict[str, dict[str, Any]]) -> Any:
    """Deck against deck: each cell the row deck's win rate and interval, its label in black or white by
    the cell's luminance so that it reads on every colour. Returns the image (for a colour bar)."""
    names = sorted(set(matchups) | {c for row in matchups.values() for c in row})
    grid = [[matchups.get(r, {}).get(c, {}).get("rate", float("nan")) for c in names] for r in names]
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=30, ha="right")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names)
    for i, r in enumerate(names):
        for j, c in enumerate(names):
            cell = matchups.get(r, {}).get(c)
            if cell:
                lo, hi = cell["ci95"]
                ax.text(
                    j,
                    i,
                    f"{cell['rate']:.2f}\n[{lo:.2f}-{hi:.2f}]\nn={cell['games']}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=text_colour(im.cmap(im.norm(cell["rate"]))),
                )
    return im


def _card_plot(plt: Any, deck: str, sides: list[tuple[str, dict[str, Any]]], changed: set[str]) -> Any:
    """One deck's cards, ranked by the first configuration's improvement when drawn: each card's
    improvement with its interval, the deck's median dashed, flagged cards in red."""
    base = sides[0][1]["cards"][deck]
    cards = [c for c in base["cards"] if c["rank"] is not None]
    fig, ax = plt.subplots(figsize=(9, 0.3 * len(cards) + 1.6))
    ys = list(range(len(cards)))
    for k, (name, f) in enumerate(sides):
        by_key = {c["key"]: c for c in f["cards"].get(deck, {}).get("cards", [])}
        points = [
            (y, by_key[c["key"]])
            for y, c in zip(ys, cards, strict=True)
            if c["key"] in by_key and by_key[c["key"]]["improvement_when_drawn"] is not None
        ]
        off = (k - (len(sides) - 1) / 2) * 0.3
        if k == 0:
            prefix = f"{name}: " if len(sides) > 1 else ""
            groups = [
                (f"{prefix}not flagged", BASE, [(y, c) for y, c in points if not c["flag"]]),
                (f"{prefix}flagged", FLAG, [(y, c) for y, c in points if c["flag"]]),
            ]
        else:
            groups = [(name, CHANGED, points)]
        for label, colour, part in groups:
            if not part:
                continue
            diffs = [c["improvement_when_drawn"] for _, c in part]
            ax.errorbar(
                [100 * d["difference"] for d in diffs],
                [y + off for y, _ in part],
                xerr=[
                    [100 * (d["difference"] - d["ci95"][0]) for d in diffs],
                    [100 * (d["ci95"][1] - d["difference"]) for d in diffs],
                ],
                fmt="o",
                capsize=2,
                color=colour,
                label=label,
            )
    ax.axvline(100 * base["median_improvement"], color="grey", linestyle="--", linewidth=1)
    ax.axvline(0, color="black", linewidth=0.5)
    ax.set_yticks(ys)
    ticks = ax.set_yticklabels(
        [f"{c['rank']}. {c['name']}" + (" (changed)" if c["key"] in changed else "") for c in cards],
        fontsize=8,
    )
    for tick, c in zip(ticks, cards, strict=True):
        if c["key"] in changed:
            tick.set_fontweight("bold")
    ax.invert_yaxis()
    ax.set_xlabel("win rate when drawn minus when not drawn, points (95% interval)")
    under = f" under {sides[0][0]}" if len(sides) > 1 else ""
    ax.set_title(f"{deck}: improvement when drawn (dashed: the deck's median{under})")
    ax.legend(fontsize=8, loc="lower right")
    return fig


def _compare_plot(plt: Any, figs: list[dict[str, Any]], diff: dict[str, Any]) -> Any:
    """Every paired difference of win rates with its interval; the flagged ones in red."""
    items = [(f"P{i + 1} win rate", d) for i, d in enumerate(diff["seat_wins"])]
    items += [(f"bot slot {i + 1} win rate", d) for i, d in enumerate(diff["bot_wins"])]
    items += [(f"deck {k}", d) for k, d in diff["decks"].items()]
    items += [(f"{r} vs {c}", d) for r, row in diff["matchups"].items() for c, d in row.items()]
    items += [
        (f"{c['name']} (changed) in {deck}, against its deck", c)
        for deck, row in diff["cards"].items()
        for c in row.values()
        if c["changed"]
    ]
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(items) + 1.6))
    ys = list(range(len(items)))
    for flagged in (False, True):
        part = [(y, d) for y, (_, d) in zip(ys, items, strict=True) if d["significant"] == flagged]
        if not part:
            continue
        ax.errorbar(
            [100 * d["difference"] for _, d in part],
            [y for y, _ in part],
            xerr=[
                [100 * (d["difference"] - d["ci95"][0]) for _, d in part],
                [100 * (d["ci95"][1] - d["difference"]) for _, d in part],
            ],
            fmt="o",
            capsize=3,
            color=FLAG if flagged else BASE,
            label="significant" if flagged else "not significant",
        )
    ax.axvline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(ys)
    ax.set_yticklabels([k for k, _ in items], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("change, points (paired by seed; 95% interval)")
    ax.set_title("what the change does")
    ax.legend(fontsize=8)
    return fig


def draw(out: Path, figs: list[dict[str, Any]], diff: dict[str, Any] | None) -> list[tuple[str, str]]:
    """Write the plots; returns (file name, caption) for each, in page order."""
    plt = pyplot()
    base = figs[0]
    sides = [(f["label"], f) for f in figs]
    plots: list[tuple[str, str]] = []

    def save(fig: Any, name: str, caption: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=90)
        plt.close(fig)
        plots.append((name, caption))

    if diff is not None:
        save(
            _compare_plot(plt, figs, diff),
            "compare.png",
            f"Each paired difference, {figs[1]['label']} minus {figs[0]['label']}, with its 95% interval; "
            "red: flagged as significant.",
        )

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
    if len(base["matchups"]) > 2:  # with two decks, the deck plot says it all
        names = sorted(base["matchups"])
        fig, ax = plt.subplots(figsize=(1.1 * len(names) + 3, 0.9 * len(names) + 2))
        im = heatmap(ax, base["matchups"])
        fig.colorbar(im, ax=ax, label="win rate of the row deck")
        ax.set_title("deck against deck" + (f" ({base['label']})" if len(figs) > 1 else ""))
        save(
            fig,
            "matchups.png",
            "Win rate of the row's deck against the column's, with its 95% interval and its games.",
        )

    fig, ax = plt.subplots(figsize=(7, 3.4))
    top = max((max(f["turns"], default=0) for f in figs), default=0)
    bins = list(range(0, top + 2))
    for k, (name, f) in enumerate(sides):
        ax.hist(
            f["turns"],
            bins=bins,
            alpha=0.6,
            label=(f"{name}: " if len(sides) > 1 else "") + f"mean {f['avg_turns']:.1f}",
            color=BASE if k == 0 else CHANGED,
        )
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("game length")
    ax.legend()
    save(fig, "length.png", "Turns per game.")

    changed = {c["key"] for c in diff["changes"].get("cards", [])} if diff else set()
    for deck, entry in base["cards"].items():
        if any(c["rank"] is not None for c in entry["cards"]):
            save(
                _card_plot(plt, deck, sides, changed),
                f"cards-{slug(deck)}.png",
                f"{deck}: each card's win rate when drawn minus when not drawn, within the deck, ranked; "
                "red: flagged as standing out from the deck's median.",
            )
    return plots
