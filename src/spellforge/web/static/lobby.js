// The lobby: each game with what it is and how to play it; a new game's seats named by role where the
// game has roles, each a person or a bot of a named level (the bot's spec stays editable and is checked as
// it is typed), decks offered only to the seats that may use them; the games on this server.
import { el, api, toast, catalog, tokens, saveToken, playLink, seatName, words, store } from "./kit/dom.js";


export async function showLobby(app) {
  let cat;
  try { cat = await catalog(); } catch (e) { app.replaceChildren(el("p", { class: "err" }, e.message)); return; }
  const state = { game: store("sf-last-game", cat.games[0].name) };
  if (!cat.games.some((g) => g.name === state.game)) state.game = cat.games[0].name;
  const tiles = el("div", { class: "game-tiles", id: "game-tiles" });
  const setup = el("div", { class: "panel setup", id: "new-game" });
  const list = el("div", { class: "panel", id: "lobby" });
  app.replaceChildren(el("div", { class: "page lobby" },
    el("h1", {}, "Spellforge"), el("p", { class: "muted" }, "Five card games, one table. Pick a game, choose who sits where, and play."),
    tiles, setup, list));

  function drawTiles() {
    tiles.replaceChildren(...cat.games.map((g) => el("button", {
      class: "game-tile" + (g.name === state.game ? " chosen" : ""), dataset: { game: g.name },
      onclick: () => { state.game = g.name; localStorage.setItem("sf-last-game", JSON.stringify(g.name)); drawTiles(); drawSetup(); },
    }, el("b", {}, g.title), el("span", { class: "muted" }, players(g)), el("p", {}, g.description || g.summary || ""),
    el("a", { href: "#/guide/" + g.name, onclick: (e) => e.stopPropagation() }, "How to play"))));
  }
  drawTiles();
  drawSetup();
  refreshList(list, cat);

  function drawSetup() {
    const g = cat.games.find((x) => x.name === state.game);
    const countSel = el("select", { id: "player-count", "aria-label": "players" });
    for (let n = g.min_players; n <= g.max_players; n++) countSel.append(el("option", { value: n }, n + " players"));
    countSel.value = g.default_players;
    const seats = el("div", { class: "seats", id: "seats" });
    const seedIn = el("input", { id: "seed", type: "number", min: 0, placeholder: "random", "aria-label": "seed" });
    const problems = el("div", { class: "problems", id: "problems", "aria-live": "polite" });
    const links = el("div", { class: "links", id: "links" });
    const mine = (store("sf-decks", {})[g.name]) || {};

    function fill() {
      const n = Number(countSel.value);
      seats.replaceChildren();
      for (let s = 0; s < n; s++) seats.append(seatRow(g, s, mine));
    }
    countSel.addEventListener("change", fill);
    fill();
    const create = el("button", { class: "primary big", id: "create", onclick: async () => {
      problems.replaceChildren();
      const body = { game: g.name, seats: [], decks: [] };
      let anyDeck = false;
      const bad = [];
      for (const row of seats.querySelectorAll(".seat-row")) {
        const who = row.querySelector(".seat-kind").value;
        if (who === "bot") {
          const spec = row.querySelector(".seat-bot").value.trim();
          if (row.dataset.problem) bad.push(row.dataset.label + ": " + row.dataset.problem);
          body.seats.push({ kind: "bot", bot: spec });
        } else body.seats.push({ kind: "human" });
        const d = row.querySelector(".seat-deck").value;
        if (d.startsWith("pre:")) { body.decks.push(d.slice(4)); anyDeck = true; }
        else if (d.startsWith("mine:")) { body.decks.push(mine[d.slice(5)]); anyDeck = true; }
        else body.decks.push(null);
      }
      if (bad.length) { problems.replaceChildren(el("ul", { class: "err" }, bad.map((b) => el("li", {}, b)))); return; }
      if (anyDeck) body.decks = body.decks.map((d, i) => d || defaultDeck(g, i, body.seats.length));
      else delete body.decks;
      if (seedIn.value !== "") body.seed = Number(seedIn.value);
      try {
        const made = await api("POST", "/api/games", body);
        showLinks(links, made, g);
        refreshList(list, cat);
      } catch (e) {
        problems.replaceChildren(el("p", { class: "err" }, e.message));
      }
    } }, "Create game");
    setup.replaceChildren(el("h2", {}, "New game of " + g.title),
      el("div", { class: "row" }, el("label", {}, "Players ", countSel),
        el("details", { class: "advanced" }, el("summary", {}, "More"), el("label", {}, "Seed ", seedIn))),
      seats, problems, el("div", { class: "row" }, create, el("a", { href: "#/decks?game=" + g.name }, "Build a deck")), links);
  }
}

function players(g) { return g.min_players === g.max_players ? g.min_players + " players" : g.min_players + "–" + g.max_players + " players"; }

function roleOf(g, s) { return g.roles && g.roles.length ? g.roles[s % g.roles.length] : ""; }

function defaultDeck(g, s, n) {
  const role = roleOf(g, s);
  const fit = g.decks.filter((d) => !d.role || d.role === role);
  return fit.length ? fit[s % fit.length].name : null;
}

function seatRow(g, s, mine) {
  const role = roleOf(g, s);
  const label = role ? words(role) + " (" + seatName(s) + ")" : seatName(s);
  const levels = g.levels || [];  // the server's named levels, each a real bot spec
  const kind = el("select", { class: "seat-kind", "aria-label": label + ": who plays" },
    el("option", { value: "human" }, s === 0 ? "You" : "A person (invite link)"), el("option", { value: "bot" }, "A bot"));
  kind.value = s === 0 ? "human" : "bot";
  const level = el("select", { class: "seat-level", "aria-label": label + ": bot level" },
    levels.map((l) => el("option", { value: l.bot, title: l.about || "" }, l.title || l.name)), el("option", { value: "" }, "Custom…"));
  level.value = (levels.find((l) => l.name === "normal") || levels[0] || { bot: "" }).bot;
  const spec = el("input", { class: "seat-bot", value: level.value, size: 18, "aria-label": label + ": bot spec", spellcheck: "false" });
  const note = el("span", { class: "seat-note muted" });
  const fits = g.decks.filter((d) => !d.role || d.role === role);
  const deck = el("select", { class: "seat-deck", "aria-label": label + ": deck" },
    el("option", { value: "" }, "Default deck"),
    fits.map((d) => el("option", { value: "pre:" + d.name }, d.title || words(d.name.replace(/-/g, " ")))),
    Object.keys(mine).map((d) => el("option", { value: "mine:" + d }, "My deck: " + d)));
  const row = el("div", { class: "seat-row", dataset: { seat: s, label } }, el("b", { class: "seat-label" }, label), kind, level, spec, note, deck);
  let timer = null;
  const check = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const text = spec.value.trim();
      try {
        const r = await api("GET", "/api/bots/check?spec=" + encodeURIComponent(text));
        if (spec.value.trim() !== text) return;  // typed on meanwhile: a later check answers
        delete row.dataset.problem;
        const known = levels.find((l) => l.bot === r.spec);
        note.textContent = known ? known.about || "" : "bot " + r.spec;
        note.className = "seat-note muted";
      } catch (e) {
        if (spec.value.trim() !== text) return;
        row.dataset.problem = e.message;
        note.textContent = e.message;
        note.className = "seat-note err";
      }
    }, 200);
  };
  const sync = () => {
    const bot = kind.value === "bot";
    level.hidden = !bot; note.hidden = !bot;
    spec.hidden = !bot || level.value !== "";
    if (!bot) delete row.dataset.problem;
    else check();
  };
  kind.addEventListener("change", sync);
  level.addEventListener("change", () => { if (level.value) spec.value = level.value; sync(); spec.hidden = level.value !== ""; if (!level.value) spec.focus(); });
  spec.addEventListener("input", check);
  sync();
  return row;
}

function showLinks(links, made, g) {
  links.replaceChildren(el("h3", {}, "Game created"));
  let first = null;
  for (const s of made.seats) {
    if (!s.token) continue;
    saveToken(made.id, s.seat, s.token);
    const role = roleOf(g, s.seat);
    const who = role ? words(role) : seatName(s.seat);
    if (first === null) { first = s; continue; }
    links.append(el("div", { class: "invite-row" }, el("label", {}, "Invite link for " + who + ": "),
      el("input", { readonly: true, value: playLink(made.id, s.token), class: "invite", dataset: { seat: s.seat }, onclick: (e) => e.target.select() })));
  }
  links.append(el("div", { class: "invite-row" }, el("label", {}, "Link for spectators: "),
    el("input", { readonly: true, value: playLink(made.id), onclick: (e) => e.target.select() })));
  const href = first ? "#/play/" + made.id + "?token=" + encodeURIComponent(first.token) : "#/play/" + made.id;
  links.prepend(el("a", { href, id: "open-game", class: "button primary big" }, first ? "Sit down at the table →" : "Watch →"));
}

async function refreshList(list, cat) {
  let data;
  try { data = await api("GET", "/api/games?all=1"); } catch (e) { list.replaceChildren(el("p", { class: "err" }, e.message)); return; }
  const mine = tokens();
  const title = (name) => (cat.games.find((g) => g.name === name) || { title: name }).title;
  const rows = data.games.slice().reverse().slice(0, 30).map((g) => {
    const my = mine[g.id] ? Object.entries(mine[g.id]) : [];
    const game = cat.games.find((x) => x.name === g.game);
    const seatWord = (s) => { const r = game ? roleOf(game, s.seat) : ""; return (r ? words(r) : seatName(s.seat)) + ": " + (s.kind === "bot" ? "bot (" + s.bot + ")" : "person"); };
    return el("tr", {},
      el("td", {}, title(g.game)), el("td", g.problem ? { class: "err", title: g.problem } : {}, words(g.status)), el("td", {}, g.seats.map(seatWord).join(" · ")),
      el("td", {}, "turn " + g.turn), el("td", {}, g.problem ? el("span", { class: "err" }, g.problem) : null),
      el("td", {}, my.map(([seat, t]) => el("a", { href: "#/play/" + g.id + "?token=" + encodeURIComponent(t) }, "play as " + seatWord({ seat: Number(seat), kind: "human" }).split(":")[0] + " ")),
        el("a", { href: "#/play/" + g.id }, "watch"), g.status === "over" ? [" · ", el("a", { href: "#/replay/" + g.id }, "replay")] : null));
  });
  list.replaceChildren(el("h2", {}, "Games on this server"), rows.length ? el("table", {}, rows) : el("p", { class: "muted" }, "No games yet."));
}

export { toast };
