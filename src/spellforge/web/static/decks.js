// The deck builder: the game's pool with cost, type and stats per row, the count of each card in the
// deck, click to add or remove, a cost curve, and every construction problem the rules find (the checks
// of `spellforge deck validate`). The deck's TOML text is kept for import and export.
import { el, api, toast, catalog, cardData, words, store, keep } from "./kit/dom.js";
import { layoutFor } from "./games/index.js";
import { defaultFace } from "./kit/card.js";

export async function showDecks(app, gameName) {
  const cat = await catalog();
  const game = cat.games.some((g) => g.name === gameName) ? gameName : cat.games[0].name;
  const info = cat.games.find((g) => g.name === game);
  const data = await cardData(game);
  const layout = await layoutFor(game);
  const faceOf = (c) => (layout.face ? layout.face(c, null) : defaultFace(c));
  const deck = { name: "My deck", meta: {}, cards: {} };
  const saved = () => store("sf-decks", {});

  const gameSel = el("select", { id: "deck-game", "aria-label": "game", onchange: (e) => { location.hash = "#/decks?game=" + e.target.value; } },
    cat.games.map((g) => el("option", { value: g.name }, g.title)));
  gameSel.value = game;
  const startSel = el("select", { id: "deck-start", "aria-label": "start from" }, el("option", { value: "" }, "Start from a deck…"),
    info.decks.map((d) => el("option", { value: d.name }, d.title || words(d.name.replace(/-/g, " ")))));
  const loadSel = el("select", { id: "deck-load", "aria-label": "my decks" }, el("option", { value: "" }, "My decks…"),
    Object.keys(saved()[game] || {}).map((d) => el("option", { value: d }, d)));
  const nameIn = el("input", { id: "deck-name", value: deck.name, "aria-label": "deck name" });
  const metaBox = el("span", { class: "meta" });
  const search = el("input", { id: "pool-search", placeholder: "Search the pool", type: "search" });
  const typeSel = el("select", { id: "pool-type", "aria-label": "card type" }, el("option", { value: "" }, "Every type"),
    [...new Set(data.cards.map((c) => c.type))].sort().map((t) => el("option", { value: t }, words(t))));
  const pool = el("tbody", { id: "pool" });
  const list = el("div", { class: "deck-list", id: "deck-list" });
  const curve = el("div", { class: "curve", id: "curve" });
  const verdict = el("div", { id: "deck-verdict" });
  const text = el("textarea", { id: "deck-text", spellcheck: "false", rows: 12 });

  let timer = null;
  async function check() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        const r = await api("POST", "/api/decks/build", { game, name: deck.name, meta: deck.meta, cards: deck.cards });
        text.value = r.text;
        verdict.replaceChildren(r.legal ? el("p", { class: "ok" }, "A legal deck (" + r.count + " cards).")
          : el("div", { class: "err" }, el("p", {}, "Not legal yet (" + r.count + " cards):"), el("ul", {}, r.problems.map((p) => el("li", {}, p)))));
      } catch (e) { verdict.replaceChildren(el("p", { class: "err" }, e.message)); }
    }, 150);
  }

  function load(parsed) {
    deck.name = parsed.name || deck.name;
    deck.meta = parsed.meta || {};
    deck.cards = parsed.cards || {};
    nameIn.value = deck.name;
    draw();
  }
  async function importText(t) {
    try { load(await api("POST", "/api/decks/parse", { game, deck: t })); } catch (e) { toast(e.message, "error"); }
  }

  function bump(key, delta) {
    const n = (deck.cards[key] || 0) + delta;
    if (n <= 0) delete deck.cards[key]; else deck.cards[key] = n;
    draw();
  }

  function drawPool() {
    const q = search.value.trim().toLowerCase();
    const rows = data.cards.filter((c) => (!typeSel.value || c.type === typeSel.value)
      && (!q || (c.name + " " + (c.text || "") + " " + c.type).toLowerCase().includes(q)));
    pool.replaceChildren(...rows.map((c) => {
      const f = faceOf(c);
      const n = deck.cards[c.key] || 0;
      return el("tr", { dataset: { key: c.key }, class: n ? "in-deck" : "" },
        el("td", { class: "n" }, n || ""),
        el("td", {}, el("b", {}, c.name), el("div", { class: "muted small" }, c.text || "")),
        el("td", {}, f.cost === null ? "" : f.cost), el("td", {}, f.type),
        el("td", {}, f.stats.map(([k, v]) => k + " " + v).join(" · ")),
        el("td", { class: "buttons" },
          el("button", { class: "minus", title: "remove one", disabled: !n, onclick: () => bump(c.key, -1) }, "−"),
          el("button", { class: "plus", title: "add one", onclick: () => bump(c.key, 1) }, "+")));
    }));
  }

  function drawDeck() {
    const entries = Object.entries(deck.cards).map(([k, n]) => [data.byKey[k] || { key: k, name: k, type: "?" }, n])
      .sort((a, b) => String(a[0].type).localeCompare(b[0].type) || a[0].name.localeCompare(b[0].name));
    const total = entries.reduce((s, [, n]) => s + n, 0);
    list.replaceChildren(el("h3", {}, deck.name + " · " + total + " cards"),
      entries.length ? el("ul", {}, entries.map(([c, n]) => el("li", {},
        el("button", { class: "minus", title: "remove one", onclick: () => bump(c.key, -1) }, "−"), " ",
        el("b", {}, n + "×"), " " + c.name + " ", el("span", { class: "muted" }, words(c.type))))) : el("p", { class: "muted" }, "Empty: add cards from the pool."));
    // the cost curve: how many cards at each cost
    const byCost = new Map();
    for (const [c, n] of entries) {
      const cost = faceOf(c).cost;
      const key = cost === null || cost === undefined || cost === "" ? "–" : String(cost);
      byCost.set(key, (byCost.get(key) || 0) + n);
    }
    const keys = [...byCost.keys()].sort((a, b) => (Number(a) - Number(b)) || a.localeCompare(b));
    const max = Math.max(1, ...byCost.values());
    curve.replaceChildren(el("h3", {}, "Cost curve"), el("div", { class: "bars" }, keys.map((k) =>
      el("div", { class: "bar", title: byCost.get(k) + " cards at cost " + k },
        el("span", { class: "b-n" }, byCost.get(k)), el("div", { class: "b-fill", style: { height: (byCost.get(k) / max * 80) + "px" } }), el("span", { class: "b-k" }, k.length > 6 ? k.slice(0, 6) + "…" : k)))));
  }

  function drawMeta() {
    metaBox.replaceChildren(...Object.entries(deck.meta).map(([k, v]) => el("label", {}, words(k) + " ",
      el("input", { value: v, size: 14, "aria-label": k, onchange: (e) => { deck.meta[k] = isNaN(Number(e.target.value)) || e.target.value === "" ? e.target.value : Number(e.target.value); check(); } }))));
  }

  function draw() { drawPool(); drawDeck(); drawMeta(); check(); }

  startSel.addEventListener("change", () => { if (startSel.value) importText(data.decks[startSel.value]); });
  loadSel.addEventListener("change", () => { const t = (saved()[game] || {})[loadSel.value]; if (t) importText(t); });
  nameIn.addEventListener("change", () => { deck.name = nameIn.value.trim() || "My deck"; drawDeck(); check(); });
  search.addEventListener("input", drawPool);
  typeSel.addEventListener("change", drawPool);
  const saveBtn = el("button", { class: "primary", id: "deck-save", onclick: () => {
    const all = saved();
    all[game] = all[game] || {};
    all[game][deck.name] = text.value;
    keep("sf-decks", all);
    toast("Saved “" + deck.name + "”: choose it for a seat in the lobby");
  } }, "Save deck");
  const importBtn = el("button", { id: "deck-import", onclick: () => importText(text.value) }, "Read the text above");

  app.replaceChildren(el("div", { class: "page decks" },
    el("div", { class: "panel row" }, el("h2", {}, "Deck builder"), gameSel, startSel, loadSel, el("label", {}, "Name ", nameIn), metaBox, saveBtn),
    el("div", { class: "deck-cols" },
      el("div", { class: "panel pool-panel" }, el("div", { class: "row" }, el("h3", {}, "The pool (" + data.cards.length + " cards)"), search, typeSel),
        el("div", { class: "pool-scroll" }, el("table", { class: "pool-table" },
          el("thead", {}, el("tr", {}, ["In deck", "Card", "Cost", "Type", "Stats", ""].map((h) => el("th", {}, h)))), pool))),
      el("div", { class: "panel deck-panel" }, list, curve, verdict,
        el("details", { class: "toml" }, el("summary", {}, "Deck file (TOML): import or export"), text, el("div", { class: "row" }, importBtn))))));
  const first = Object.keys(data.decks)[0];
  if (first) await importText(data.decks[first]); else draw();
}
