// The generic table, drawn from the shape of any game's View: the other players at the top, the shared
// part in the middle, this seat at the bottom. Each player's values sit on its name plate; its zones are
// rows of cards (in play), piles with counts (deck, discard) and a hand. The game modules use its pieces.
import { el, words } from "../kit/dom.js";

export const ENVELOPE = new Set(["game", "seat", "turn", "phase", "step", "active", "decision", "players", "log", "outcome"]);
const PLAYER_CORE = new Set(["seat", "name", "role", "team", "alive"]);

export function isCard(v) {
  return v && typeof v === "object" && !Array.isArray(v) && (v.hidden === true || ("id" in v && "key" in v && "name" in v));
}
function isPile(v) { return v && typeof v === "object" && !Array.isArray(v) && typeof v.count === "number"; }

// A player's values (numbers and words) for its name plate, and its zones.
export function splitPlayer(p, skip = new Set()) {
  const values = [], zones = [];
  for (const [k, v] of Object.entries(p)) {
    if (PLAYER_CORE.has(k) || skip.has(k) || v === null || v === undefined) continue;
    if (typeof v === "number" || typeof v === "string") values.push([words(k), v]);
    else if (typeof v === "boolean") { if (v) values.push([words(k), "yes"]); }
    else zones.push([k, v]);
  }
  return { values, zones };
}

export function zoneEl(key, v, t, mine) {
  if (v === null || v === undefined) return null;
  const title = words(key);
  if (key === "hand" && (isPile(v) || Array.isArray(v))) return t.hand(isPile(v) ? v : { count: v.length, cards: v }, { mine });
  if (isPile(v)) {
    if ((v.cards || []).length && v.cards.length <= 8 && !/deck|discard|grave|abyss|void|library/.test(key)) return t.row(title, v.cards, { zone: key, size: "sm" });
    return t.pile(title, v, { zone: key });
  }
  if (Array.isArray(v)) {
    if (v.every(isCard)) {
      if (/discard|grave|abyss|void|score|exile/.test(key)) return t.pile(title, v, { zone: key });
      return t.row(title, v, { zone: key, empty: "—" });
    }
    if (v.every((x) => x === null || typeof x !== "object")) return el("span", { class: "chip" }, title + ": " + v.join(", "));
    return el("div", { class: "zone objs" }, el("div", { class: "z-title" }, title), v.map((x) => objEl(x, t)));
  }
  if (isCard(v)) return t.row(title, [v], { zone: key });
  if (typeof v === "object") return el("div", { class: "zone objs" }, el("div", { class: "z-title" }, title), objEl(v, t));
  return null;
}

export function objEl(x, t) {
  if (isCard(x)) return t.card(x, { size: "sm" });
  if (x === null || typeof x !== "object") return el("span", { class: "chip" }, String(x));
  const parts = [];
  for (const [k, v] of Object.entries(x)) {
    if (v === null || v === undefined || k === "uid" || k === "ref") continue;
    if (isCard(v)) parts.push(t.card(v, { size: "sm" }));
    else if (Array.isArray(v) && v.every(isCard)) parts.push(...t.cards(v, { size: "sm" }));
    else if (typeof v !== "object") parts.push(el("span", { class: "chip" }, words(k) + ": " + v));
  }
  if (typeof x.uid === "number") return t.stackItem(x.uid, parts);
  return el("div", { class: "obj" }, parts);
}

export function playerArea(p, t, opts = {}) {
  const { values, zones } = splitPlayer(p, opts.skip);
  const mine = p.seat === t.view.seat;
  return el("section", { class: "player-area " + (mine ? "mine" : "theirs"), dataset: { seat: p.seat } },
    t.seat(p, values), el("div", { class: "zones" }, zones.map(([k, v]) => zoneEl(k, v, t, mine))));
}

export default {
  table(v, t) {
    const order = t.seatOrder();
    const me = order[order.length - 1];
    const shared = Object.keys(v).filter((k) => !ENVELOPE.has(k)).map((k) => zoneEl(k, v[k], t, false)).filter(Boolean);
    return [
      el("div", { class: "others n" + (order.length - 1) }, order.slice(0, -1).map((s) => playerArea(v.players[s], t))),
      el("div", { class: "middle" }, shared),
      el("div", { class: "you" }, playerArea(v.players[me], t)),
    ];
  },
};
