// Spellforge's browser client: static ES modules, no build step. The pages: the lobby, a game's table
// (kit/table.js with the game's layout module from games/), the replay viewer, a game's How to play page
// and the deck builder. Every word a player reads about the game comes from the engine: action labels,
// log sentences, prompts and the outcome.
import { el, api, toast, catalog, cardData, parseHash, saveToken, playLink, isPhone } from "./kit/dom.js";
import { Table } from "./kit/table.js";
import { Connection } from "./kit/net.js";
import { showLobby } from "./lobby.js";
import { showDecks } from "./decks.js";
import { layoutFor } from "./games/index.js";

const app = document.getElementById("app");
let current = null;  // the open game page: { conn, table }

function leave() {
  if (current && current.conn) current.conn.stop();
  current = null;
  const chooser = document.getElementById("chooser");
  if (chooser) chooser.remove();
}

function route() {
  leave();
  const { parts, params } = parseHash();
  document.body.dataset.page = parts[0] || "lobby";
  if (parts[0] === "play" && parts[1]) return showGame(parts[1], params.get("token"));
  if (parts[0] === "replay" && parts[1]) return showReplay(parts[1], Number(params.get("step") || 0));
  if (parts[0] === "guide" && parts[1]) return showGuide(parts[1]);
  if (parts[0] === "decks") return showDecks(app, params.get("game"));
  return showLobby(app);
}
window.addEventListener("hashchange", route);
window.addEventListener("load", route);
document.addEventListener("click", () => { if (current && current.table) current.table.clear(); });

// ------------------------------------------------------------------ the game page

function fatal(text) {
  app.replaceChildren(el("div", { class: "panel fatal", id: "fatal" },
    el("h2", {}, "This game cannot be opened"), el("p", { class: "err" }, text),
    el("p", {}, el("a", { href: "#/" }, "Back to the lobby"))));
}

async function showGame(gameId, token) {
  app.replaceChildren(el("p", { class: "muted loading" }, "Connecting…"));
  await catalog().catch(() => null);
  const page = { conn: null, table: null };
  current = page;
  const hooks = {
    gameId,
    send: (frame) => {
      if (!page.conn.send(frame)) { toast("Not connected: the action was not sent", "warn"); page.table && page.table.refused(); }
    },
    canRematch: !!token,
    rematchLink: (id) => "#/play/" + id + (token ? "?token=" + encodeURIComponent(token) : ""),
    rematch: async () => {
      try {
        const r = await api("POST", "/api/games/" + gameId + "/rematch", undefined, token);
        saveToken(r.id, page.table.view.seat, token);
        location.hash = "#/play/" + r.id + "?token=" + encodeURIComponent(token);
      } catch (e) { toast(e.message, "error"); }
    },
  };
  page.conn = new Connection(gameId, token, {
    message: async (msg) => {
      if (current !== page) return;
      if (!page.table) {
        await cardData(msg.view.game).catch(() => null);
        const layout = await layoutFor(msg.view.game);
        page.table = new Table(app, layout, hooks);
      }
      page.table.update(msg);
    },
    refused: (error) => { toast(error, "error"); if (page.table) page.table.refused(error); },
    fatal: (error) => { if (current === page) fatal(error); },
    status: (text, kind) => { if (page.table) page.table.setStatus(text, kind); else if (kind === "warn") app.replaceChildren(el("p", { class: "muted loading" }, text)); },
  });
}

// ------------------------------------------------------------------ the replay viewer

async function showReplay(gameId, step) {
  app.replaceChildren(el("p", { class: "muted loading" }, "Loading…"));
  let data;
  try { data = await api("GET", "/api/games/" + gameId + "/replay?step=" + step); } catch (e) { fatal(e.message); return; }
  await cardData(data.view.game).catch(() => null);
  const layout = await layoutFor(data.view.game);
  const go = (n) => { location.hash = "#/replay/" + gameId + "?step=" + Math.max(0, Math.min(data.steps, n)); };
  const table = new Table(app, layout, {
    gameId, send: () => {}, rematchLink: () => "#/", canRematch: false,
    replayControls: () => el("div", { class: "replay-controls" },
      el("button", { onclick: () => go(0), id: "first", title: "first" }, "⏮"), el("button", { onclick: () => go(data.step - 1), id: "prev", title: "back" }, "◀"),
      el("button", { onclick: () => go(data.step + 1), id: "next", title: "forward" }, "▶"), el("button", { onclick: () => go(data.steps), id: "last", title: "last" }, "⏭"),
      el("input", { type: "range", min: 0, max: data.steps, value: data.step, id: "seek", onchange: (e) => go(Number(e.target.value)) }),
      el("span", { id: "step" }, "step " + data.step + " of " + data.steps)),
  });
  table.readOnly = true;
  current = { conn: null, table };
  table.update({ version: data.step, view: data.view, actions: [], seats: [] });
}

// ------------------------------------------------------------------ How to play

async function showGuide(game) {
  app.replaceChildren(el("p", { class: "muted loading" }, "Loading…"));
  let data;
  try { data = await api("GET", "/api/catalog/" + game + "/guide"); } catch (e) { fatal(e.message); return; }
  const body = el("article", { class: "panel guide", id: "guide" });
  body.innerHTML = data.html;  // the server renders the game's own guide (docs/games/<game>.md)
  app.replaceChildren(el("div", { class: "page" },
    el("p", {}, el("a", { href: "#/" }, "← Lobby")), body));
}

export { isPhone, playLink };
