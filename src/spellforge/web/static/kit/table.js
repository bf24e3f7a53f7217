// The game page: a top bar (game, turn, phase, whose decision in words), the table drawn by the game's
// layout module, an action bar with every option by its label, and the log in sentences at the side (a
// drawer on phones). Acting: click a highlighted thing (a card, a player, a place, a spell waiting) to see
// the options that name it, the things they also name light up; a click on one of those narrows the
// options to the ones naming both. Only a click on an option's label acts, so nothing is done by a single
// tap; on a phone a tap opens the card large with its text and its options.
import { el, add, words, seatName, isPhone, cardDataNow, catalog } from "./dom.js";
import { cardEl, bigCard, defaultFace } from "./card.js";
import generic from "../games/generic.js";

// ------------------------------------------------------------------ keys: what an option names
// Every clickable thing on the table has a key: a card "c:12", a player "s:1", a spell waiting "u:3", a
// place "t:room vault". An option names the keys of its cards, players and targets.

export function actionKeys(a) {
  const keys = a.cards.map((id) => "c:" + id);
  for (const t of a.targets || []) {
    if (/^#\d+$/.test(t)) continue;  // a card target: among the cards already
    if (/^P\d+$/i.test(t)) keys.push("s:" + (Number(t.slice(1)) - 1));
    else if (/^@\d+$/.test(t)) keys.push("u:" + t.slice(1));
    else keys.push("t:" + t);
  }
  for (const s of a.players || []) if (!keys.includes("s:" + s)) keys.push("s:" + s);
  for (const u of a.stack || []) if (!keys.includes("u:" + u)) keys.push("u:" + u);
  return keys;
}

// ------------------------------------------------------------------ the page's state

export class Table {
  constructor(root, layout, hooks) {
    this.root = root;          // the element the page draws into
    this.layout = layout;      // the game's layout module
    this.hooks = hooks;        // send(frame), leave(), rematch(), replayLink, spectateLink
    this.msg = null;
    this.prev = null;          // the previous View, to show what changed
    this.where = new Map();    // card id -> where it was drawn last time
    this.stats = new Map();    // watched value key -> text last time
    this.selected = null;      // the key of the selected thing
    this.pending = false;      // an action of this page is in flight
    this.autopass = localStorage.getItem("sf-autopass") !== "0";
    this.logOpen = false;
    this.readOnly = false;     // the replay viewer
    this.status = "";
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") this.clear(); });
  }

  get view() { return this.msg && this.msg.view; }
  get mine() {
    const v = this.view;
    return !!(v && v.decision && v.seat !== null && v.decision.seat === v.seat && !this.readOnly);
  }
  get actions() { return this.mine ? this.msg.actions || [] : []; }

  update(msg) {
    if (this.msg && msg.version !== this.msg.version) { this.selected = null; this.closeChooser(); }
    this.prev = this.view;
    this.msg = msg;
    this.pending = false;
    this.render();
    this.maybeAutopass();
  }

  setStatus(text, kind) { this.status = text; this.statusKind = kind || ""; const s = document.getElementById("conn"); if (s) { s.textContent = text; s.className = "conn " + (kind || ""); } }

  // ---------------------------------------------------------------- naming

  seatLabel(s) {
    const p = this.view.players[s];
    const base = p && p.role ? words(p.role) : seatName(s);
    return s === this.view.seat ? base + " (you)" : base;
  }
  // The seats in the order they sit: this seat at the bottom (last), the others clockwise after it.
  seatOrder() {
    const n = this.view.players.length;
    const me = this.view.seat === null ? 0 : this.view.seat;
    const out = [];
    for (let i = 1; i <= n; i++) out.push((me + i) % n);
    return out;  // ... the last one is this seat
  }

  // ---------------------------------------------------------------- drawing helpers for layouts

  face(c) {
    const f = this.layout.face ? this.layout.face(c, this.view) : defaultFace(c);
    return f;
  }

  // A card, wired for play: highlighted when an option starts from it, lit as a target, clickable.
  card(c, opts = {}) {
    const state = [...(opts.state || [])];
    const node = cardEl(c, { ...opts, face: (x) => this.face(x), state });
    if (c && !c.hidden && typeof c.id === "number") {
      this.wire(node.firstChild, "c:" + c.id, c);
    }
    return node;
  }
  cards(list, opts = {}) { return (list || []).map((c) => this.card(c, opts)); }

  // A zone of cards in a row, with its title; `empty` says what an empty one reads.
  row(title, list, opts = {}) {
    const body = (list || []).length ? this.cards(list, opts) : el("span", { class: "empty" }, opts.empty || "");
    return el("div", { class: "zone row-zone " + (opts.class || ""), dataset: { zone: opts.zone || title } },
      title ? el("div", { class: "z-title" }, title) : null, el("div", { class: "z-cards" }, body));
  }

  // A hand: the seat's own cards face up, another's as backs with a count.
  hand(zone, opts = {}) {
    if (!zone) return null;
    const shown = zone.cards || [];
    const known = zone.known || [];
    const count = zone.count !== undefined ? zone.count : shown.length;
    if (shown.length || opts.mine) {
      return this.row(opts.title || "Hand", shown, { class: "hand", zone: opts.zone || "hand", size: opts.size || "md", empty: "no cards" });
    }
    const backs = [];
    for (let i = 0; i < Math.min(count - known.length, 12); i++) backs.push(el("div", { class: "mini-back" }));
    return el("div", { class: "zone hand-backs", dataset: { zone: opts.zone || "hand" } },
      el("div", { class: "z-title" }, (opts.title || "Hand") + " · " + count),
      el("div", { class: "z-cards" }, backs, known.map((c) => this.card(c, { size: "sm", state: ["known-in-hidden"] }))));
  }

  // A pile seen as its size (a deck, a discard pile); the cards in it when they are public, on click.
  pile(title, zone, opts = {}) {
    let count = zone;
    let cards = [];
    if (zone && typeof zone === "object" && !Array.isArray(zone)) { count = zone.count; cards = zone.cards || []; }
    else if (Array.isArray(zone)) { count = zone.length; cards = zone; }
    const top = cards.length ? cards[cards.length - 1] : null;
    const node = el("div", { class: "pile" + (cards.length ? " open" : ""), title: title + ": " + count + (cards.length ? " (click to look)" : ""), dataset: { zone: opts.zone || title, watch: "pile:" + (opts.zone || title) } },
      el("div", { class: "p-stack" + (count ? "" : " empty") }, top && opts.showTop ? el("span", { class: "p-top" }, top.name) : null),
      el("div", { class: "p-label" }, title, " ", el("b", {}, count)));
    if (cards.length) {
      node.addEventListener("click", (e) => { e.stopPropagation(); this.showPile(title, cards); });
    }
    return node;
  }

  // A player's name plate: name, seat, role, team, the values given, and whose turn it is.
  seat(p, values = [], opts = {}) {
    const v = this.view;
    const acting = v.decision && v.decision.seat === p.seat;
    const active = (v.active || []).includes(p.seat);
    const node = el("div", {
      class: "seat-plate" + (p.seat === v.seat ? " me" : "") + (acting ? " acting" : "") + (p.alive === false ? " out" : ""),
      dataset: { seat: p.seat },
    },
    el("span", { class: "s-name" }, this.seatLabel(p.seat)),
    v.players.length > 2 && p.team !== undefined && opts.teams ? el("span", { class: "chip team" }, "team " + (p.team + 1)) : null,
    active ? el("span", { class: "chip turn" }, "turn") : null,
    acting ? el("span", { class: "chip deciding" }, "deciding") : null,
    p.alive === false ? el("span", { class: "chip out" }, "out") : null,
    values.filter(Boolean).map(([label, value, title]) => el("span", { class: "val", title: title || label, dataset: { watch: "seat" + p.seat + ":" + label } },
      el("i", {}, label), " ", el("b", {}, value))));
    this.wire(node, "s:" + p.seat, null);
    return node;
  }

  // A place on the table an option may name (a room, a formation position): `target` is its text.
  place(target, content, opts = {}) {
    const node = el(opts.tag || "div", { class: "place " + (opts.class || ""), dataset: { target } }, content);
    this.wire(node, "t:" + target, null, opts.title);
    return node;
  }

  // A spell or ability waiting to resolve, an option may name it.
  stackItem(uid, content, opts = {}) {
    const node = el("div", { class: "stack-item " + (opts.class || ""), dataset: { uid } }, content);
    this.wire(node, "u:" + uid, null, opts.title);
    return node;
  }

  // ---------------------------------------------------------------- interaction

  wire(node, key, card, title) {
    node.dataset.k = key;
    const starts = this.actions.some((a) => primaryKey(a) === key);
    const names = this.actions.some((a) => actionKeys(a).includes(key));
    if (starts) node.classList.add("legal");
    else if (names) node.classList.add("nameable");
    if (this.selected === key) node.classList.add("selected");
    else if (this.selected && this.actions.some((a) => { const ks = actionKeys(a); return ks.includes(this.selected) && ks.includes(key); })) node.classList.add("target");
    node.addEventListener("click", (e) => { e.stopPropagation(); this.clickKey(key, node, card, title); });
    if (card) {
      node.addEventListener("mouseenter", () => { if (!isPhone()) this.preview(card); });
    }
  }

  clickKey(key, node, card, title) {
    if (this.pending) return;
    // a card that no option names, inside a place that one does (a realm in its formation position): the
    // click is the place's
    const outer = node.parentElement && node.parentElement.closest("[data-k]");
    if (outer && !this.actions.some((a) => actionKeys(a).includes(key)) && this.actions.some((a) => actionKeys(a).includes(outer.dataset.k))) {
      outer.click();
      return;
    }
    let acts = [];
    if (this.selected && this.selected !== key) {
      acts = this.actions.filter((a) => { const ks = actionKeys(a); return ks.includes(this.selected) && ks.includes(key); });
    }
    if (!acts.length) {
      acts = this.actions.filter((a) => actionKeys(a).includes(key));
      this.selected = acts.length ? key : null;
    }
    this.render();
    const anchor = this.root.querySelector(`[data-k="${CSS.escape(key)}"]`) || node;
    this.openChooser(anchor, card, acts, title);
  }

  clear() {
    if (this.selected === null && !this.chooser) return;
    this.selected = null;
    this.closeChooser();
    this.render();
  }

  // The options for what was clicked: a popover beside it on a desktop, the card large in a sheet on a
  // phone. With no option, the card's text alone.
  openChooser(anchor, card, acts, title) {
    this.closeChooser();
    const reminders = this.reminders();
    const buttons = acts.map((a) => this.optionButton(a, "primary"));
    const head = card ? bigCard(card, (x) => this.face(x), reminders) : el("div", { class: "ch-title" }, title || (anchor && anchor.getAttribute("aria-label")) || "");
    const cancel = el("button", { class: "cancel", onclick: (e) => { e.stopPropagation(); this.clear(); } }, acts.length ? "Cancel" : "Close");
    const box = el("div", { class: "chooser" + (isPhone() ? " sheet" : " popover"), id: "chooser", role: "dialog" },
      head, acts.length ? el("div", { class: "ch-hint" }, acts.length > 1 ? "Choose one:" : "Confirm:") : null,
      el("div", { class: "ch-options" }, buttons), cancel);
    box.addEventListener("click", (e) => e.stopPropagation());
    document.body.append(box);
    if (!isPhone()) placeBeside(box, anchor);
    this.chooser = box;
  }

  closeChooser() { if (this.chooser) { this.chooser.remove(); this.chooser = null; } }

  optionButton(a, cls) {
    return el("button", {
      class: "option " + (a.declines ? "decline" : cls || ""), dataset: { action: a.text }, disabled: this.pending,
      title: a.label, onclick: (e) => { e.stopPropagation(); this.act(a); },
    }, a.label);
  }

  act(a) {
    if (this.pending || !this.mine) return;
    this.closeChooser();
    this.selected = null;
    this.pending = true;
    this.hooks.send({ action: a.text, version: this.msg.version });
    this.render();
  }

  refused(error) { this.pending = false; this.render(); return error; }

  // A seat whose only option is to pass (the fair flow asks it anyway) may pass after a short random
  // delay, so how fast it answers tells the others nothing.
  maybeAutopass() {
    if (!this.mine || !this.autopass || this.pending) return;
    if (!this.msg.passing_is_all) return;  // the engine's rule, the terminal's too
    const acts = this.actions;
    const version = this.msg.version;
    setTimeout(() => { if (this.msg && this.msg.version === version && !this.pending && this.mine) this.act(acts[0]); }, 250 + Math.random() * 500);
  }

  reminders() {
    const data = this.view && cardDataNow(this.view.game);
    return (data && data.keywords) || {};
  }

  preview(card) {
    const box = document.getElementById("preview");
    if (!box) return;
    box.replaceChildren(bigCard(card, (x) => this.face(x), this.reminders()));
    box.hidden = false;
  }

  showPile(title, cards) {
    this.closeChooser();
    const box = el("div", { class: "chooser pile-view" + (isPhone() ? " sheet" : " popover center"), id: "chooser" },
      el("div", { class: "ch-title" }, title + " (" + cards.length + ")"),
      el("div", { class: "z-cards wrap" }, cards.slice().reverse().map((c) => this.card(c, { size: "sm" }))),
      el("button", { class: "cancel", onclick: () => this.closeChooser() }, "Close"));
    box.addEventListener("click", (e) => e.stopPropagation());
    document.body.append(box);
    this.chooser = box;
  }

  // ---------------------------------------------------------------- the page

  render() {
    const msg = this.msg;
    if (!msg) return;
    const v = msg.view;
    const scroll = this.root.querySelector(".table-body");
    const keepScroll = scroll ? scroll.scrollTop : 0;
    const body = el("div", { class: "table-body game-" + v.game, id: "table" }, this.drawTable(v));
    const page = el("div", {
      class: "table-page" + (this.logOpen ? " log-open" : ""), id: "board",
      dataset: { version: msg.version, mine: this.mine ? "1" : "0", over: v.outcome ? "1" : "0", pending: this.pending ? "1" : "0", game: v.game },
    }, this.topBar(), body, this.sidePanel(), this.actionBar());
    if (v.outcome) add(page, this.outcomeBanner());
    if (msg.problem) add(page, el("div", { class: "stopped", id: "problem" }, el("b", {}, "This game cannot go on: "), msg.problem));
    this.root.replaceChildren(page);
    const newBody = this.root.querySelector(".table-body");
    if (newBody) newBody.scrollTop = keepScroll;
    const log = this.root.querySelector(".log-lines");
    if (log) log.scrollTop = log.scrollHeight;
    this.markChanges();
  }

  // The game's layout draws the table; should it fail on a View it does not expect, the generic layout
  // draws it instead, so the game goes on (the failure is reported on the console).
  drawTable(v) {
    try {
      return this.layout.table(v, this);
    } catch (e) {
      console.error("the " + v.game + " layout failed; the generic table is shown", e);
      return generic.table(v, this);
    }
  }

  topBar() {
    const v = this.view;
    const d = v.decision;
    const title = (this.layout.title || words(v.game));
    const phase = this.layout.phaseName ? this.layout.phaseName(v) : words(v.phase) + (v.step ? " · " + words(v.step) : "");
    let call;
    if (v.outcome) call = el("span", { class: "call over", id: "decision" }, v.outcome.text);
    else if (this.mine) call = el("span", { class: "call mine", id: "decision", title: d.prompt }, el("b", {}, "Your move: "), d.prompt);
    else if (d) call = el("span", { class: "call wait", id: "decision", title: d.prompt }, "Waiting for " + this.seatLabel(d.seat) + ": " + d.prompt);
    else call = el("span", { class: "call", id: "decision" }, "");
    const hasBots = (this.msg.seats || []).some((s) => s.kind === "bot");
    const menu = el("div", { class: "menu" },
      el("a", { href: "#/guide/" + v.game, target: "_blank", title: "How to play " + title }, "Rules"),
      v.seat !== null && !v.outcome && !this.readOnly ? el("button", { id: "undo", title: hasBots ? "Take back your last decision" : "Ask the others to let you take back your last decision",
        onclick: () => this.hooks.send({ type: "undo", version: this.msg.version }) }, hasBots ? "Undo" : "Ask to undo") : null,
      v.seat !== null && !v.outcome && !this.readOnly ? el("button", { id: "resign", onclick: () => { if (confirm("Resign this game?")) this.hooks.send({ action: "resign " + seatName(v.seat), version: this.msg.version }); } }, "Resign") : null,
      el("button", { class: "log-toggle", onclick: () => { this.logOpen = !this.logOpen; this.render(); } }, this.logOpen ? "Table" : "Log"),
      el("a", { href: "#/" }, "Lobby"));
    return el("header", { class: "top", id: "phasebar" },
      el("div", { class: "t-game" }, el("b", {}, title), el("span", { class: "t-turn" }, "Turn " + v.turn), el("span", { class: "t-phase", id: "phase" }, phase)),
      call, el("span", { class: "conn " + (this.statusKind || ""), id: "conn" }, this.status), menu);
  }

  actionBar() {
    const v = this.view;
    const bar = el("footer", { class: "action-bar", id: "actions" });
    if (this.readOnly) { add(bar, this.hooks.replayControls ? this.hooks.replayControls() : null); return bar; }
    if (v.seat === null) { add(bar, el("span", { class: "muted" }, "You are watching this game.")); return bar; }
    if (v.outcome) { add(bar, el("span", { class: "muted" }, v.outcome.text)); return bar; }
    if (this.msg.undo_request !== undefined && this.msg.undo_request !== null) {
      add(bar, el("span", { class: "ask" }, this.seatLabel(this.msg.undo_request) + " asks to take back a decision. ",
        el("button", { id: "accept-undo", onclick: () => this.hooks.send({ type: "undo", version: this.msg.version, accept: true }) }, "Accept")));
    }
    if (this.msg.problem) {
      add(bar, el("span", { class: "err" }, "This game cannot go on: " + this.msg.problem));
    } else if (!this.mine) {
      add(bar, el("span", { class: "muted waiting" }, this.pending ? "Sending…" : "Waiting for " + (v.decision ? this.seatLabel(v.decision.seat) : "…")));
    } else {
      let acts = this.actions;
      if (this.selected) acts = acts.filter((a) => actionKeys(a).includes(this.selected));
      const go = acts.filter((a) => !a.declines), stop = acts.filter((a) => a.declines);
      add(bar, el("span", { class: "prompt" }, v.decision.prompt),
        el("div", { class: "options" }, go.map((a) => this.optionButton(a, "")), stop.map((a) => this.optionButton(a, ""))),
        this.selected ? el("button", { class: "cancel", onclick: () => this.clear() }, "Show all options") : null);
    }
    add(bar, el("label", { class: "autopass", title: "Pass for me when passing is all I can do" },
      el("input", { type: "checkbox", id: "autopass", checked: this.autopass, onchange: (e) => { this.autopass = e.target.checked; localStorage.setItem("sf-autopass", this.autopass ? "1" : "0"); this.maybeAutopass(); } }),
      " auto-pass"));
    return bar;
  }

  sidePanel() {
    const v = this.view;
    const lines = v.log || [];
    const fresh = this.newLogLines(lines);
    return el("aside", { class: "side", id: "side" },
      el("div", { class: "preview", id: "preview", hidden: true }),
      el("div", { class: "log" }, el("div", { class: "l-title" }, "What happened"),
        el("div", { class: "log-lines", id: "log" }, lines.map((line, i) => el("div", { class: "l-line" + (i >= lines.length - fresh ? " fresh" : "") }, line)))));
  }

  // How many lines at the end of the log are new since the last View: the old log's tail that the new
  // one starts with is old; what follows it is new.
  newLogLines(lines) {
    if (!this.prev) return 0;
    const old = this.prev.log || [];
    for (let s = 0; s <= old.length; s++) {
      const tail = old.length - s;
      if (tail > lines.length) continue;
      let same = true;
      for (let i = 0; i < tail; i++) if (lines[i] !== old[s + i]) { same = false; break; }
      if (same) return lines.length - tail;
    }
    return lines.length;
  }

  outcomeBanner() {
    const v = this.view;
    const o = v.outcome;
    const won = v.seat !== null && o.winners.includes(v.seat);
    const lost = v.seat !== null && !o.draw && !won;
    const box = el("div", { class: "outcome " + (won ? "won" : lost ? "lost" : ""), id: "outcome" },
      el("h2", {}, "Game over"), el("p", { class: "o-text" }, o.text),
      el("div", { class: "row" },
        this.msg.rematch ? el("a", { id: "rematch-link", class: "button", href: this.hooks.rematchLink(this.msg.rematch) }, "Go to the rematch")
          : this.hooks.canRematch ? el("button", { id: "rematch", onclick: () => this.hooks.rematch() }, "Rematch") : null,
        el("a", { href: "#/replay/" + this.hooks.gameId, id: "replay-link", class: "button" }, "Replay"),
        el("a", { href: "#/", class: "button" }, "Lobby"),
        el("button", { onclick: (e) => e.target.closest(".outcome").classList.add("folded") }, "Look at the table")));
    return box;
  }

  // What just changed stands out: a card that arrived where it is, a value that moved.
  markChanges() {
    const first = this.where.size === 0 && this.stats.size === 0;
    const where = new Map();
    for (const node of this.root.querySelectorAll("[data-card]")) {
      const id = node.dataset.card, at = node.dataset.where || node.closest("[data-zone]")?.dataset.zone || "";
      // what a player sees of the card besides where it is: its values and marks (damage, razed, tapped)
      const look = [node.querySelector(".c-stats, .c-vals"), node.querySelector(".c-badges")].map((n) => (n ? n.textContent : "")).join("|")
        + (node.closest(".slot")?.classList.contains("tapped") ? "|tapped" : "") + (node.classList.contains("razed-card") ? "|razed" : "");
      where.set(id, at + "\u0000" + look);
      if (first) continue;
      const before = this.where.get(id);
      if (before === undefined || before.split("\u0000")[0] !== at) node.classList.add("fresh");
      else if (before !== at + "\u0000" + look) node.classList.add("changed");
    }
    const stats = new Map();
    for (const node of this.root.querySelectorAll("[data-watch]")) {
      const key = node.dataset.watch, value = node.textContent;
      stats.set(key, value);
      if (!first && this.stats.has(key) && this.stats.get(key) !== value) node.classList.add("bump");
    }
    this.where = where;
    this.stats = stats;
  }
}

// The key an option starts from: its first card, else its first other key; options naming nothing sit in
// the action bar alone.
export function primaryKey(a) {
  const keys = actionKeys(a);
  return keys.length ? keys[0] : null;
}

// Place a popover beside its anchor where it hides neither the anchor nor, where it can, what the options
// name; it stays inside the window.
function placeBeside(box, anchor) {
  const w = box.offsetWidth, h = box.offsetHeight;
  const W = window.innerWidth, H = window.innerHeight;
  const r = anchor ? anchor.getBoundingClientRect() : { left: W / 2, right: W / 2, top: H / 2, bottom: H / 2 };
  const lit = [...document.querySelectorAll("#table .target, #table .selected")].map((n) => n.getBoundingClientRect());
  const spots = [[r.right + 10, r.top], [r.left - w - 10, r.top], [r.left, r.bottom + 10], [r.left, r.top - h - 10],
    [W - w - 12, 60], [12, 60], [W - w - 12, H - h - 80], [12, H - h - 80]]
    .map(([x, y]) => [Math.max(8, Math.min(x, W - w - 8)), Math.max(8, Math.min(y, H - h - 8))]);
  const hides = ([x, y]) => lit.concat([r]).filter((q) => q.left < x + w && x < q.right && q.top < y + h && y < q.bottom).length;
  let best = spots[0];
  for (const s of spots) if (hides(s) < hides(best)) best = s;
  box.style.left = best[0] + "px";
  box.style.top = best[1] + "px";
}

export { catalog };
