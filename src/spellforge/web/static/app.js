// Spellforge's browser client. No build step, no libraries: plain DOM over the REST API and WebSocket.
// The board is drawn from the View envelope (game, seat, turn, phase, step, active, decision, players,
// log, outcome) and the game's own part, generically: cards are the dicts with id/key/name (or
// {hidden: true}), piles are dicts with a count. Legal actions come with the card ids and seats they
// name ("actions"), so cards and players are clickable without reading printed text.
"use strict";

const ENVELOPE = ["game", "seat", "turn", "phase", "step", "active", "decision", "players", "log", "outcome"];
const PLAYER_CORE = new Set(["seat", "name", "role", "team", "alive"]);
const CARD_CORE = new Set(["id", "key", "name", "type", "text", "keywords", "hidden", "cost"]);
const SEAT_FIELDS = new Set(["owner", "controller"]);  // card fields that hold a seat
const app = document.getElementById("app");
const tooltip = document.getElementById("tooltip");
const statusEl = document.getElementById("status");

const S = {
  catalog: null, cards: {}, ws: null, msg: null, token: null, gameId: null, selected: null,
  popover: null, autopass: localStorage.getItem("sf-autopass") !== "0", pending: null, closing: false,
};

// ------------------------------------------------------------------ small helpers

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

function toast(text) {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) throw new Error(data && data.error ? data.error : r.statusText);
  return data;
}

function seatName(s) { return "P" + (s + 1); }
function label(key) { return String(key).replace(/_/g, " "); }
function isCard(v) {
  return v && typeof v === "object" && !Array.isArray(v) && (v.hidden === true || ("id" in v && "key" in v && "name" in v));
}
function tokens() { try { return JSON.parse(localStorage.getItem("sf-tokens") || "{}"); } catch (e) { return {}; } }
function saveToken(gameId, seat, token) {
  const all = tokens();
  all[gameId] = all[gameId] || {};
  all[gameId][seat] = token;
  localStorage.setItem("sf-tokens", JSON.stringify(all));
}
function parseHash() {
  const h = location.hash.replace(/^#\/?/, "");
  const [path, query] = h.split("?");
  const params = new URLSearchParams(query || "");
  return { parts: path.split("/").filter(Boolean), params };
}
function playLink(gameId, token) {
  return location.origin + "/#/play/" + gameId + (token ? "?token=" + encodeURIComponent(token) : "");
}

async function catalog() {
  if (!S.catalog) S.catalog = await api("GET", "/api/catalog");
  return S.catalog;
}
async function cardData(game) {
  if (!S.cards[game]) S.cards[game] = await api("GET", "/api/catalog/" + game);
  return S.cards[game];
}

// ------------------------------------------------------------------ router

function route() {
  closeSocket();
  closePopover();
  tooltip.hidden = true;
  const { parts, params } = parseHash();
  statusEl.textContent = "";
  if (parts[0] === "play" && parts[1]) return showGame(parts[1], params.get("token"));
  if (parts[0] === "replay" && parts[1]) return showReplay(parts[1], Number(params.get("step") || 0));
  if (parts[0] === "decks") return showDecks(params.get("game"));
  return showLobby();
}
window.addEventListener("hashchange", route);
window.addEventListener("load", route);

// ------------------------------------------------------------------ lobby

async function showLobby() {
  const cat = await catalog();
  app.replaceChildren();
  const form = el("div", { class: "panel", id: "new-game" });
  const gameSel = el("select", { id: "game-select", "aria-label": "game" },
    cat.games.map((g) => el("option", { value: g.name }, g.title)));
  const countSel = el("select", { id: "player-count", "aria-label": "players" });
  const seatsBox = el("div", { class: "seats" });
  const seedIn = el("input", { id: "seed", type: "number", placeholder: "seed (optional)", min: 0 });
  const links = el("div", { class: "links" });

  const savedDecks = () => { try { return JSON.parse(localStorage.getItem("sf-decks") || "{}"); } catch (e) { return {}; } };
  function fillSeats() {
    const g = cat.games.find((x) => x.name === gameSel.value);
    const n = Number(countSel.value) || g.default_players;
    const mine = savedDecks()[g.name] || {};
    seatsBox.replaceChildren();
    for (let s = 0; s < n; s++) {
      const kind = el("select", { class: "seat-kind", "aria-label": "seat " + (s + 1) + " kind" },
        el("option", { value: "human" }, "human"), el("option", { value: "bot" }, "bot"));
      kind.value = s === 0 ? "human" : "bot";
      const bot = el("input", { class: "seat-bot", value: "greedy", size: 16, "aria-label": "bot" });
      bot.addEventListener("input", () => checkBot(bot));
      const deck = el("select", { class: "seat-deck", "aria-label": "deck" },
        el("option", { value: "" }, "default deck"),
        g.decks.map((d) => el("option", { value: "pre:" + d }, d)),
        Object.keys(mine).map((d) => el("option", { value: "mine:" + d }, "my deck: " + d)));
      const sync = () => { bot.hidden = kind.value !== "bot"; };
      kind.addEventListener("change", sync);
      sync();
      seatsBox.append(el("div", { class: "seat" }, el("b", {}, seatName(s)), kind, bot, deck));
    }
  }
  function fillCounts() {
    const g = cat.games.find((x) => x.name === gameSel.value);
    countSel.replaceChildren();
    for (let n = g.min_players; n <= g.max_players; n++) countSel.append(el("option", { value: n }, n + " players"));
    countSel.value = g.default_players;
    fillSeats();
  }
  gameSel.addEventListener("change", fillCounts);
  countSel.addEventListener("change", fillSeats);

  // the server's own check of a bot spec, as it is typed: a bad one is marked with the reason
  function checkBot(input) {
    clearTimeout(input.checkTimer);
    input.checkTimer = setTimeout(async () => {
      const typed = input.value;
      const r = await fetch("/api/bots/check?spec=" + encodeURIComponent(typed.trim() || "greedy")).catch(() => null);
      if (!r || input.value !== typed) return;  // typed on meanwhile: a later check answers
      const data = await r.json().catch(() => ({}));
      input.classList.toggle("bad", !r.ok);
      input.title = r.ok ? data.spec : data.error || r.statusText;
    }, 250);
  }

  async function create() {
    const game = gameSel.value;
    const seats = [], decks = [];
    let anyDeck = false;
    for (const row of seatsBox.querySelectorAll(".seat")) {
      const kind = row.querySelector(".seat-kind").value;
      seats.push(kind === "bot" ? { kind, bot: row.querySelector(".seat-bot").value.trim() || "greedy" } : { kind });
      const d = row.querySelector(".seat-deck").value;
      if (d.startsWith("pre:")) { decks.push(d.slice(4)); anyDeck = true; }
      else if (d.startsWith("mine:")) { decks.push(savedDecks()[game][d.slice(5)]); anyDeck = true; }
      else decks.push(null);
    }
    const body = { game, seats };
    if (seedIn.value !== "") body.seed = Number(seedIn.value);
    if (anyDeck) {
      const g = cat.games.find((x) => x.name === game);
      body.decks = decks.map((d, i) => d || g.decks[i % g.decks.length]);
    }
    try {
      const made = await api("POST", "/api/games", body);
      links.replaceChildren(el("h3", {}, "Game " + made.id));
      let first = null;
      for (const s of made.seats) {
        if (!s.token) continue;
        saveToken(made.id, s.seat, s.token);
        if (first === null) first = s;
        const link = playLink(made.id, s.token);
        links.append(el("div", {}, el("label", {}, seatName(s.seat) + (first === s ? " (you)" : " invite link") + ": "),
          el("input", { readonly: true, value: link, class: "invite", dataset: { seat: s.seat }, onclick: (e) => e.target.select() })));
      }
      links.append(el("div", {}, el("label", {}, "Spectate: "), el("input", { readonly: true, value: playLink(made.id), onclick: (e) => e.target.select() })));
      if (first) links.append(el("p", {}, el("a", { href: "#/play/" + made.id + "?token=" + encodeURIComponent(first.token), id: "open-game" }, "Open my seat ->")));
      else links.append(el("p", {}, el("a", { href: "#/play/" + made.id, id: "open-game" }, "Watch ->")));
      refreshList();
    } catch (e) { toast(e.message); }
  }

  form.append(el("h2", {}, "New game"), el("div", { class: "row" }, gameSel, countSel, seedIn), seatsBox,
    el("div", { class: "row" }, el("button", { class: "primary", id: "create", onclick: create }, "Create game")), links);
  const list = el("div", { class: "panel", id: "lobby" });
  app.append(form, list);
  fillCounts();

  async function refreshList() {
    const data = await api("GET", "/api/games?all=1");
    const mine = tokens();
    const rows = data.games.slice().reverse().map((g) => {
      const my = mine[g.id] ? Object.entries(mine[g.id]) : [];
      return el("tr", {},
        el("td", {}, g.title), el("td", { class: "muted" }, g.id),
        el("td", g.problem ? { class: "err", title: g.problem } : {}, g.status),
        el("td", {}, g.seats.map((s) => seatName(s.seat) + ":" + (s.kind === "bot" ? s.bot : "human")).join(" ")),
        el("td", {}, "turn " + g.turn),
        el("td", {}, my.map(([seat, t]) => el("a", { href: "#/play/" + g.id + "?token=" + encodeURIComponent(t) }, "play " + seatName(Number(seat)) + " ")),
          el("a", { href: "#/play/" + g.id }, "spectate"), g.status === "over" ? [" ", el("a", { href: "#/replay/" + g.id }, "replay")] : null));
    });
    list.replaceChildren(el("h2", {}, "Games"), rows.length ? el("table", {}, rows) : el("p", { class: "muted" }, "No games yet."));
  }
  refreshList();
}

// ------------------------------------------------------------------ the game page

function closeSocket() {
  if (S.ws) { S.closing = true; S.ws.close(); S.ws = null; }
  S.msg = null; S.selected = null;
}

async function showGame(gameId, token) {
  S.gameId = gameId; S.token = token; S.closing = false;
  await catalog().catch(() => null);
  app.replaceChildren(el("p", { class: "muted" }, "Connecting..."));
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const url = proto + "//" + location.host + "/ws/games/" + gameId + (token ? "?token=" + encodeURIComponent(token) : "");
  const ws = new WebSocket(url);
  S.ws = ws;
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.error) {
      toast(msg.error);
      if (!S.msg) app.replaceChildren(el("p", { class: "err" }, msg.error));
      S.pending = null;
      renderGame();
      return;
    }
    if (S.msg && msg.version !== S.msg.version) { S.selected = null; closePopover(); }
    S.msg = msg; S.pending = null;
    cardData(msg.view.game).then(() => renderGame()).catch(() => renderGame());
  };
  ws.onclose = () => {
    if (S.ws === ws && !S.closing) {
      statusEl.textContent = "disconnected - reconnecting";
      setTimeout(() => { if (S.ws === ws) showGame(gameId, token); }, 1500);
    }
  };
  ws.onopen = () => { statusEl.textContent = token ? "connected" : "spectating"; };
}

function send(frame) {
  if (!S.ws || S.ws.readyState !== 1) { toast("not connected"); return; }
  S.pending = frame.action || frame.type;
  S.ws.send(JSON.stringify(frame));
}

function act(text) {
  if (!S.msg || S.pending) return;
  closePopover();
  S.selected = null;
  send({ action: text, version: S.msg.version });
  renderGame();
}

function myDecision(msg) {
  const d = msg.view.decision;
  return d && msg.view.seat !== null && d.seat === msg.view.seat;
}

function actionsNaming(ids, player) {
  const acts = (S.msg && S.msg.actions) || [];
  return acts.filter((a) => ids.every((id) => a.cards.includes(id)) && (player === undefined || a.players.includes(player)));
}

function renderGame() {
  const msg = S.msg;
  if (!msg) return;
  const v = msg.view;
  const mine = myDecision(msg);
  const acts = mine ? msg.actions : [];
  const legalCards = new Set(acts.flatMap((a) => a.cards));
  const targets = new Set();
  if (S.selected !== null) for (const a of actionsNaming([S.selected])) for (const c of a.cards) if (c !== S.selected) targets.add(c);
  const ctx = { legalCards, targets, interactive: mine, game: v.game };
  const scrollY = window.scrollY;

  // phase bar: always on screen
  const d = v.decision;
  const phase = el("div", { class: "phasebar", id: "phasebar" },
    el("span", {}, (S.catalog && S.catalog.games.find((g) => g.name === v.game) || { title: v.game }).title),
    el("span", {}, "turn ", el("b", {}, v.turn)),
    el("span", { class: "phase", id: "phase" }, label(v.phase) + (v.step ? " / " + label(v.step) : "")),
    el("span", {}, "active: " + (v.active || []).map(seatName).join(", ")),
    d ? el("span", { class: mine ? "mine" : "", id: "decision" },
      mine ? "Your decision: " + d.prompt : d.player + " decides (" + label(d.kind) + "): " + d.prompt) : null,
    v.seat === null ? el("span", { class: "muted" }, "spectating") : el("span", { class: "muted" }, "you are " + seatName(v.seat)),
    S.pending ? el("span", { class: "muted" }, "sending...") : null);

  // players: the others first, this seat last
  const order = v.players.slice().sort((a, b) => (a.seat === v.seat) - (b.seat === v.seat));
  const players = order.map((p) => renderPlayer(p, v, ctx, acts));
  const part = Object.keys(v).filter((k) => !ENVELOPE.includes(k))
    .map((k) => renderField(k, v[k], ctx)).filter(Boolean);
  const board = el("div", { class: "board", id: "board", dataset: {
    version: msg.version, mine: mine ? "1" : "0", over: v.outcome ? "1" : "0", pending: S.pending ? "1" : "0",
  } });
  const others = players.slice(0, -1), me = players[players.length - 1];
  board.append(...(v.seat === null ? players : others));
  if (part.length) board.append(el("div", { class: "panel", id: "table" }, el("h3", {}, "Table"), part));
  if (v.seat !== null) board.append(me);

  const side = el("div", { class: "side" });
  if (v.outcome) side.append(renderOutcome(msg));
  if (msg.problem) side.append(el("div", { class: "banner stopped", id: "problem" }, el("b", {}, "This game cannot go on: "), msg.problem));
  if (msg.undo_request !== undefined && msg.undo_request !== null) {
    side.append(el("div", { class: "banner" }, seatName(msg.undo_request) + " asks to take back a decision. ",
      el("button", { id: "accept-undo", onclick: () => send({ type: "undo", version: msg.version, accept: true }) }, "Accept")));
  }
  side.append(renderActions(msg, mine));
  side.append(el("div", { class: "panel" }, el("h3", {}, "Log"),
    el("div", { class: "log", id: "log" }, (v.log || []).map((line) => el("div", {}, line)))));
  side.append(el("div", { class: "panel links" }, el("h3", {}, "Links"),
    el("div", {}, "Spectate: ", el("input", { readonly: true, value: playLink(S.gameId), onclick: (e) => e.target.select() })),
    el("div", { class: "muted" }, "game " + S.gameId + ", version " + msg.version)));

  app.replaceChildren(phase, el("div", { class: "game" }, board, side));
  const log = document.getElementById("log");
  if (log) log.scrollTop = log.scrollHeight;
  window.scrollTo(0, scrollY);
  maybeAutopass(msg, mine);
}

function renderPlayer(p, v, ctx, acts) {
  const isMe = p.seat === v.seat;
  const acting = v.decision && v.decision.seat === p.seat;
  const naming = ctx.interactive ? acts.filter((a) => a.players.includes(p.seat)) : [];
  const header = el("header", { class: naming.length ? "legal" : "", dataset: { seat: p.seat } },
    el("span", { class: "name" }, p.name + (isMe ? " (you)" : "")),
    p.role ? el("span", { class: "chip" }, p.role) : null,
    (v.active || []).includes(p.seat) ? el("span", { class: "chip" }, "active") : null,
    acting ? el("span", { class: "chip" }, el("b", {}, "deciding")) : null,
    p.alive === false ? el("span", { class: "chip" }, "out") : null);
  if (naming.length) header.addEventListener("click", (e) => clickPlayer(p.seat, e));
  const fields = Object.keys(p).filter((k) => !PLAYER_CORE.has(k)).map((k) => renderField(k, p[k], ctx)).filter(Boolean);
  const chips = fields.filter((f) => f.classList.contains("chip"));
  const rest = fields.filter((f) => !f.classList.contains("chip"));
  return el("section", {
    class: "panel player" + (isMe ? " me" : "") + (acting ? " acting" : "") + (p.alive === false ? " dead" : ""),
    dataset: { seat: p.seat }, id: "player-" + p.seat,
  }, header, el("div", {}, chips), rest);
}

// one value of the View, drawn by its shape
function renderField(key, value, ctx) {
  if (value === null || value === undefined) return null;
  if (isCard(value)) return el("div", { class: "zone" }, el("div", { class: "label" }, label(key)), el("div", { class: "cards" }, cardEl(value, ctx)));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "chip", dataset: { zone: key } }, label(key) + ": ", el("b", {}, "0"));
    if (value.every(isCard)) return cardZone(key, label(key) + " (" + value.length + ")", value, [], ctx);
    if (value.every((x) => x === null || typeof x !== "object")) return el("span", { class: "chip" }, label(key) + ": ", el("b", {}, value.join(", ")));
    return el("div", { class: "zone", dataset: { zone: key } }, el("div", { class: "label" }, label(key)),
      el("div", { class: "objs" }, value.map((x) => renderObj(x, ctx))));
  }
  if (typeof value === "object") {
    if (typeof value.count === "number") {
      const shown = (value.cards || []).concat(value.known || []);
      const extra = Object.keys(value).filter((k) => !["count", "cards", "known"].includes(k));
      if (!shown.length && !extra.length) {  // a pile seen only as its size
        return el("span", { class: "chip", dataset: { zone: key } }, label(key) + ": ", el("b", {}, value.count));
      }
      return cardZone(key, label(key) + " (" + value.count + ")" + (value.known ? " - you know some" : ""), shown,
        extra.map((k) => renderField(k, value[k], ctx)), ctx);
    }
    const keys = Object.keys(value);
    if (keys.every((k) => value[k] === null || typeof value[k] !== "object")) {
      return el("span", { class: "chip" }, label(key) + ": ",
        el("b", {}, keys.filter((k) => value[k] !== null).map((k) => label(k) + " " + fmt(value[k])).join(", ") || "-"));
    }
    return el("div", { class: "zone", dataset: { zone: key } }, el("div", { class: "label" }, label(key)), renderObj(value, ctx));
  }
  const shown = SEAT_FIELDS.has(key) && typeof value === "number" ? seatName(value) : fmt(value);
  return el("span", { class: "chip" }, label(key) + ": ", el("b", {}, shown));
}

// A zone of cards; a long one that no option names folds away (its count stays in sight).
function cardZone(key, title, cards, extra, ctx) {
  const row = cards.length ? el("div", { class: "cards" }, cards.map((c) => cardEl(c, ctx))) : null;
  const live = cards.some((c) => ctx.legalCards.has(c.id) || ctx.targets.has(c.id));
  if (cards.length > 10 && !live) {
    return el("details", { class: "zone", dataset: { zone: key } }, el("summary", { class: "label" }, title), row, extra);
  }
  return el("div", { class: "zone", dataset: { zone: key } }, el("div", { class: "label" }, title), row, extra);
}

function renderObj(x, ctx) {
  if (isCard(x)) return cardEl(x, ctx);
  if (x === null || typeof x !== "object") return el("span", { class: "obj" }, fmt(x));
  const node = el("div", { class: "obj" }, Object.keys(x).map((k) => renderField(k, x[k], ctx)).filter(Boolean));
  if (typeof x.uid === "number" && typeof x.ref === "string") {  // a stack item: a target in its own right
    node.dataset.uid = x.uid;
    const naming = ctx.interactive ? actionsNamingStack(x.uid) : [];
    if (naming.length) {
      node.classList.add("legal");
      node.addEventListener("click", (e) => {
        e.stopPropagation();
        const both = S.selected !== null ? naming.filter((a) => a.cards.includes(S.selected)) : [];
        const acts = both.length ? both : naming;
        if (acts.length === 1) act(acts[0].text); else popover(e, x.name || x.ref, acts, null);
      });
    }
  }
  return node;
}

function actionsNamingStack(uid) {
  return ((S.msg && S.msg.actions) || []).filter((a) => (a.stack || []).includes(uid));
}

function fmt(x) {
  if (x === true) return "yes";
  if (x === false) return "no";
  if (Array.isArray(x)) return x.join(", ");
  return String(x);
}

function cardEl(c, ctx) {
  if (c.hidden) return el("div", { class: "card back", title: "hidden" }, el("div", { class: "ctype" }, "hidden"));
  const stats = Object.keys(c).filter((k) => !CARD_CORE.has(k) && (typeof c[k] === "number" || typeof c[k] === "boolean"))
    .filter((k) => c[k] !== false)
    .map((k) => el("span", {}, typeof c[k] === "boolean" ? label(k) : label(k) + " " + (SEAT_FIELDS.has(k) ? seatName(c[k]) : c[k])));
  const cls = ["card"];
  if (ctx && ctx.interactive && ctx.legalCards.has(c.id)) cls.push("legal");
  if (ctx && ctx.targets && ctx.targets.has(c.id)) cls.push("target");
  if (S.selected === c.id) cls.push("selected");
  if (c.tapped || c.exhausted || c.turned) cls.push("tapped");
  const node = el("div", { class: cls.join(" "), dataset: { id: c.id, key: c.key }, tabindex: 0 },
    el("div", { class: "cname" }, c.name),
    el("div", { class: "ctype" }, label(c.type) + (c.cost !== undefined ? " - " + fmt(c.cost) : "")),
    stats.length ? el("div", { class: "cstats" }, stats) : null,
    c.keywords && c.keywords.length ? el("div", { class: "kw" }, c.keywords.map(label).join(", ")) : null,
    el("span", { class: "cid" }, "#" + c.id));
  node.addEventListener("mouseenter", (e) => showTooltip(c, e));
  node.addEventListener("mousemove", (e) => placeTooltip(e));
  node.addEventListener("mouseleave", () => { tooltip.hidden = true; });
  node.addEventListener("click", (e) => { e.stopPropagation(); clickCard(c, e); });
  return node;
}

function cardDetails(c) {
  const game = S.msg ? S.msg.view.game : null;
  const reminders = (game && S.cards[game] && S.cards[game].keywords) || {};
  const def = game && S.cards[game] ? S.cards[game].cards.find((x) => x.key === c.key) : null;
  const rows = Object.keys(c).filter((k) => !CARD_CORE.has(k))
    .map((k) => el("div", {}, el("span", { class: "muted" }, label(k) + ": "), typeof c[k] === "object" ? JSON.stringify(c[k]) : fmt(c[k])));
  return [
    el("div", { class: "cname" }, el("b", {}, c.name), " ", el("span", { class: "muted" }, label(c.type) + " #" + c.id)),
    c.cost !== undefined ? el("div", {}, el("span", { class: "muted" }, "cost: "), fmt(c.cost)) : null,
    el("div", { class: "ttext" }, c.text || (def && def.text) || ""),
    (c.keywords || []).map((k) => el("div", { class: "kw" }, el("b", {}, label(k)), reminders[k] ? ": " + reminders[k] : "")),
    rows,
  ];
}

function showTooltip(c, e) {
  tooltip.replaceChildren(...cardDetails(c).flat().filter(Boolean));
  tooltip.hidden = false;
  placeTooltip(e);
}
function placeTooltip(e) {
  const w = tooltip.offsetWidth, h = tooltip.offsetHeight;
  let x = e.clientX + 14, y = e.clientY + 14;
  if (x + w > window.innerWidth) x = Math.max(4, e.clientX - w - 14);
  if (y + h > window.innerHeight) y = Math.max(4, e.clientY - h - 14);
  tooltip.style.left = x + "px"; tooltip.style.top = y + "px";
}

function closePopover() {
  if (S.popover) { S.popover.remove(); S.popover = null; }
}
document.addEventListener("click", (e) => {
  if (S.popover && !S.popover.contains(e.target)) { closePopover(); if (S.selected !== null) { S.selected = null; renderGame(); } }
});

function popover(e, title, acts, card) {
  closePopover();
  const box = el("div", { class: "popover", id: "popover" },
    card ? cardDetails(card).flat().filter(Boolean) : el("b", {}, title),
    acts.length ? el("div", { class: "actions" }, acts.map((a) => el("button", {
      class: a.declines ? "decline" : "primary", dataset: { action: a.text }, onclick: (ev) => { ev.stopPropagation(); act(a.text); },
    }, a.text))) : null);
  box.addEventListener("click", (ev) => ev.stopPropagation());
  document.body.append(box);
  placePopover(box, e);
  S.popover = box;
}

// The popover opens beside the click where it hides none of what could be clicked instead of its buttons
// (the targets of the selected card, players and stack items that options name, the selected card): one
// under it could not be clicked, since a click beside the popover closes it and drops the selection.
// Where every place in the window hides some, it takes the place that hides fewest. It is placed in page
// coordinates, so scrolling moves it with what it leaves free.
function placePopover(box, e) {
  const w = box.offsetWidth, h = box.offsetHeight, sx = window.scrollX, sy = window.scrollY;
  const minX = sx + 4, minY = sy + 4;
  const maxX = Math.max(minX, sx + window.innerWidth - w - 8), maxY = Math.max(minY, sy + window.innerHeight - h - 8);
  const x = e.clientX + sx, y = e.clientY + sy;
  const spots = [[x + 8, y + 8], [x - w - 8, y + 8], [x + 8, y - h - 8], [x - w - 8, y - h - 8],
    [minX, minY], [maxX, minY], [minX, maxY], [maxX, maxY]]
    .map(([px, py]) => [Math.min(Math.max(px, minX), maxX), Math.min(Math.max(py, minY), maxY)]);
  const keep = [...document.querySelectorAll("#board .target, #board .selected, #board .obj.legal, #board header.legal")]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height)
    .map((r) => ({ left: r.left + sx, top: r.top + sy, right: r.right + sx, bottom: r.bottom + sy }));
  const hides = ([px, py]) => keep.filter((r) => r.left < px + w && px < r.right && r.top < py + h && py < r.bottom).length;
  let best = spots[0];
  for (const spot of spots) if (hides(spot) < hides(best)) best = spot;
  box.style.left = best[0] + "px"; box.style.top = best[1] + "px";
}

// A click on a card: with a card selected, the actions naming both; else the actions naming this card
// (one action naming only this card is taken at once); a card no action names shows its text.
function clickCard(c, e) {
  tooltip.hidden = true;
  const interactive = S.msg && myDecision(S.msg) && !S.pending;
  if (!interactive) { popover(e, c.name, [], c); return; }
  if (S.selected !== null && S.selected !== c.id) {
    const both = actionsNaming([S.selected, c.id]);
    if (both.length === 1) { act(both[0].text); return; }
    if (both.length > 1) { popover(e, "", both, c); return; }
  }
  const acts = actionsNaming([c.id]);
  if (acts.length === 1 && acts[0].cards.length === 1 && acts[0].players.length === 0) { act(acts[0].text); return; }
  if (!acts.length) { S.selected = null; renderGame(); popover(e, c.name, [], c); return; }
  S.selected = c.id;
  renderGame();
  popover(e, "", acts, c);
}

function clickPlayer(seat, e) {
  e.stopPropagation();
  const ids = S.selected !== null ? [S.selected] : [];
  const acts = actionsNaming(ids, seat);
  if (acts.length === 1) { act(acts[0].text); return; }
  if (acts.length) popover(e, seatName(seat), acts, null);
}

function renderActions(msg, mine) {
  const box = el("div", { class: "panel", id: "actions-panel" });
  if (msg.view.seat === null) return box.appendChild(el("p", { class: "muted" }, "Watching.")) && box;
  const list = el("div", { class: "actions", id: "actions" });
  if (mine) {
    const acts = S.selected !== null ? actionsNaming([S.selected]) : msg.actions;
    for (const a of acts) {
      list.append(el("button", {
        class: a.declines ? "decline" : "", dataset: { action: a.text }, disabled: !!S.pending,
        onclick: (ev) => { ev.stopPropagation(); act(a.text); },
      }, a.text));
    }
    if (S.selected !== null) list.append(el("button", { onclick: (ev) => { ev.stopPropagation(); S.selected = null; renderGame(); } }, "show all actions"));
  } else if (!msg.view.outcome && !msg.problem) {
    list.append(el("p", { class: "muted" }, "Waiting for " + (msg.view.decision ? msg.view.decision.player : "...")));
  }
  const autopass = el("input", { type: "checkbox", id: "autopass", checked: S.autopass,
    onchange: (ev) => { S.autopass = ev.target.checked; localStorage.setItem("sf-autopass", S.autopass ? "1" : "0"); } });
  const hasBots = (msg.seats || []).some((s) => s.kind === "bot");
  const tools = el("div", { class: "row" },
    el("label", {}, autopass, " pass for me when passing is all I can do"),
    !msg.view.outcome ? el("button", { id: "undo", title: hasBots ? "take back your last decision" : "ask the others to let you take back your last decision",
      onclick: () => send({ type: "undo", version: msg.version }) }, hasBots ? "Undo" : "Ask to undo") : null,
    !msg.view.outcome ? el("button", { id: "resign", onclick: () => { if (confirm("Resign this game?")) act("resign " + seatName(msg.view.seat)); } }, "Resign") : null);
  box.append(el("h3", {}, mine ? "Your options" : "Options"), list, tools);
  return box;
}

// A seat whose only option is to pass (the fair flow asks it anyway) may pass after a short random
// delay, so how fast it answers tells the others nothing.
function maybeAutopass(msg, mine) {
  if (!mine || !S.autopass || S.pending) return;
  if (msg.actions.length !== 1 || !msg.actions[0].declines) return;
  const version = msg.version;
  setTimeout(() => { if (S.msg && S.msg.version === version && !S.pending) act(msg.actions[0].text); }, 250 + Math.random() * 500);
}

function renderOutcome(msg) {
  const o = msg.view.outcome;
  const text = o.draw ? "A draw" : "Winner" + (o.winners.length > 1 ? "s: " : ": ") + o.winners.map(seatName).join(", ");
  const box = el("div", { class: "banner over", id: "outcome" }, el("h2", {}, "Game over: " + text), el("div", {}, o.reason));
  const row = el("div", { class: "row" });
  if (msg.rematch) row.append(el("a", { id: "rematch-link", href: "#/play/" + msg.rematch + (S.token ? "?token=" + encodeURIComponent(S.token) : "") }, "Go to the rematch"));
  else if (S.token) {
    row.append(el("button", { id: "rematch", onclick: async () => {
      try {
        const r = await api("POST", "/api/games/" + S.gameId + "/rematch", undefined, S.token);
        saveToken(r.id, msg.view.seat, S.token);
        location.hash = "#/play/" + r.id + "?token=" + encodeURIComponent(S.token);
      } catch (e) { toast(e.message); }
    } }, "Rematch"));
  }
  row.append(el("a", { href: "#/replay/" + S.gameId, id: "replay-link" }, "Replay"), el("a", { href: "#/" }, "Lobby"));
  box.append(row);
  return box;
}

// ------------------------------------------------------------------ replay viewer

async function showReplay(gameId, step) {
  app.replaceChildren(el("p", { class: "muted" }, "Loading..."));
  let data;
  try { data = await api("GET", "/api/games/" + gameId + "/replay?step=" + step); } catch (e) { app.replaceChildren(el("p", { class: "err" }, e.message)); return; }
  await cardData(data.view.game).catch(() => null);
  await catalog();
  const go = (n) => { location.hash = "#/replay/" + gameId + "?step=" + Math.max(0, Math.min(data.steps, n)); };
  const slider = el("input", { type: "range", min: 0, max: data.steps, value: data.step, id: "seek", onchange: (e) => go(Number(e.target.value)) });
  const controls = el("div", { class: "panel row replay-controls" },
    el("button", { onclick: () => go(0), id: "first" }, "|<"), el("button", { onclick: () => go(data.step - 1), id: "prev" }, "<"),
    el("button", { onclick: () => go(data.step + 1), id: "next" }, ">"), el("button", { onclick: () => go(data.steps), id: "last" }, ">|"),
    slider, el("span", { id: "step" }, "step " + data.step + " / " + data.steps),
    data.action ? el("span", { class: "muted" }, "last action: " + data.action) : null);
  S.msg = { version: data.step, view: data.view, actions: [], seats: [] };
  S.gameId = gameId; S.token = null;
  renderGame();
  const game = app.querySelector(".game");
  app.prepend(controls);
  if (game) game.querySelector(".side #actions-panel")?.remove();
  S.msg = null;
}

// ------------------------------------------------------------------ deck builder

async function showDecks(gameName) {
  const cat = await catalog();
  const game = gameName || cat.games[0].name;
  const data = await cardData(game);
  app.replaceChildren();
  const gameSel = el("select", { id: "deck-game", onchange: (e) => { location.hash = "#/decks?game=" + e.target.value; } },
    cat.games.map((g) => el("option", { value: g.name }, g.title)));
  gameSel.value = game;
  const startSel = el("select", { id: "deck-start" }, el("option", { value: "" }, "start from..."),
    Object.keys(data.decks).map((d) => el("option", { value: d }, d)));
  const text = el("textarea", { id: "deck-text", spellcheck: "false" });
  const verdict = el("div", { id: "deck-verdict" });
  const nameIn = el("input", { id: "deck-name", placeholder: "deck name" });
  const search = el("input", { id: "pool-search", placeholder: "search cards" });
  const pool = el("div", { class: "pool", id: "pool" });
  const saved = () => { try { return JSON.parse(localStorage.getItem("sf-decks") || "{}"); } catch (e) { return {}; } };
  text.value = data.decks[Object.keys(data.decks)[0]] || "";

  let timer = null;
  async function validate() {
    try {
      const r = await api("POST", "/api/decks/validate", { game, deck: text.value });
      verdict.replaceChildren(r.legal ? el("p", { class: "ok" }, "Legal deck (" + r.count + " cards)")
        : el("div", { class: "err" }, el("p", {}, "Not legal (" + r.count + " cards):"), el("ul", {}, r.problems.map((p) => el("li", {}, p)))));
    } catch (e) { verdict.replaceChildren(el("p", { class: "err" }, e.message)); }
  }
  const later = () => { clearTimeout(timer); timer = setTimeout(validate, 250); };
  text.addEventListener("input", later);
  startSel.addEventListener("change", () => { if (startSel.value) { text.value = data.decks[startSel.value]; validate(); } });

  // change a card's count in the main section: "key = N" lines (TOML) or "N name" lines (plain)
  function bump(card, delta) {
    const lines = text.value.split("\n");
    const toml = /^\s*(name|description|\[)/.test(text.value.trimStart()) || lines.some((l) => /^\s*[\w"'-]+\s*=\s*\d+\s*$/.test(l));
    const esc = card.key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const escName = card.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const re = toml ? new RegExp("^\\s*\"?" + esc + "\"?\\s*=\\s*(\\d+)\\s*$") : new RegExp("^\\s*(\\d+)\\s*[xX]?\\s+(" + escName + "|" + esc + ")\\s*$", "i");
    let found = false;
    for (let i = 0; i < lines.length; i++) {
      const m = lines[i].match(re);
      if (!m) continue;
      found = true;
      const n = Number(m[1]) + delta;
      if (n <= 0) lines.splice(i, 1);
      else lines[i] = toml ? card.key + " = " + n : n + " " + card.name;
      break;
    }
    if (!found && delta > 0) {
      if (toml) {
        let at = lines.findIndex((l) => l.trim() === "[cards]");
        if (at < 0) { lines.push("", "[cards]"); at = lines.length - 1; }
        let end = at + 1;
        while (end < lines.length && !lines[end].trim().startsWith("[")) end++;
        while (end > at + 1 && lines[end - 1].trim() === "") end--;
        lines.splice(end, 0, card.key + " = 1");
      } else lines.push("1 " + card.name);
    }
    text.value = lines.join("\n");
    validate();
  }

  function fillPool() {
    const q = search.value.toLowerCase();
    pool.replaceChildren(...data.cards.filter((c) => !q || (c.name + " " + (c.text || "") + " " + c.type).toLowerCase().includes(q))
      .map((c) => el("div", { class: "pc", dataset: { key: c.key } },
        el("span", { onmouseenter: (e) => showTooltip({ ...c, id: c.key }, e), onmouseleave: () => { tooltip.hidden = true; } },
          el("b", {}, c.name), " ", el("span", { class: "muted" }, label(c.type))),
        el("span", {}, el("button", { class: "minus", onclick: () => bump(c, -1) }, "-"), " ",
          el("button", { class: "plus", onclick: () => bump(c, 1) }, "+")))));
  }
  search.addEventListener("input", fillPool);
  const saveBtn = el("button", { id: "deck-save", onclick: () => {
    const name = nameIn.value.trim();
    if (!name) { toast("name the deck first"); return; }
    const all = saved();
    all[game] = all[game] || {};
    all[game][name] = text.value;
    localStorage.setItem("sf-decks", JSON.stringify(all));
    toast("saved " + name + ": choose it for a seat in the lobby");
  } }, "Save deck");
  const mine = saved()[game] || {};
  const loadSel = el("select", { id: "deck-load", onchange: (e) => { if (e.target.value) { text.value = mine[e.target.value]; nameIn.value = e.target.value; validate(); } } },
    el("option", { value: "" }, "my decks..."), Object.keys(mine).map((d) => el("option", { value: d }, d)));
  app.append(el("div", { class: "panel row" }, el("h2", {}, "Deck builder"), gameSel, startSel, loadSel, nameIn, saveBtn),
    el("div", { class: "deck" },
      el("div", { class: "panel" }, el("h3", {}, "Deck list"), text, verdict),
      el("div", { class: "panel" }, el("h3", {}, "Card pool (" + data.cards.length + ")"), search, pool)));
  fillPool();
  validate();
}
