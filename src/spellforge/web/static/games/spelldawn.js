// Spelldawn's table: the Overlord's rooms as columns (the Sanctum, the Vault, the Crypts, then Room A to
// Room E), each with its occupant at the back and its defenders stacked in front, the outermost nearest
// the Champion; the raid shown as a path through a room, defender by defender, and why it ended; each
// side's riftcaller, mana, action points and points, the Champion's arena. The seat you play is at the
// bottom.
import { el, words } from "../kit/dom.js";
import { defaultFace, colourOf } from "../kit/card.js";

const PHASES = { setup: "Setup", start: "Start of turn", draw: "Draw", main: "Main phase", discard: "Discard" };
const RESONANCE = { mortal: "#7a6a4a", astral: "#3d6fb0", infernal: "#a23b2c", prismatic: "#7a4aa8" };
const RESULT = { passed: "passed", defeated: "defeated", combat: "its Combat ability fired" };
const RAID_STEPS = { begin: "begins", approach: "approaching a defender", encounter: "encounter", room: "reaching the room", access: "access", end: "over" };

function face(c) {
  const f = defaultFace(c);
  const stats = [];
  if (c.health !== undefined) stats.push(["Health", c.health]);
  if (c.shield !== undefined) stats.push(["Shield", c.shield]);
  if (c.attack !== undefined) stats.push(["Attack", c.attack]);
  if (c.breach) stats.push(["Breach", c.breach]);
  if (c.progress_needed !== undefined) stats.push(["Needs", c.progress_needed]);
  if (c.points !== undefined) stats.push(["Points", c.points]);
  if (c.raze !== undefined) stats.push(["Raze", c.raze]);
  const badges = [];
  if (c.progress) badges.push({ text: "◆" + c.progress, kind: "counter", title: c.progress + " progress" });
  if (c.stored) badges.push({ text: c.stored + " mana", kind: "good", title: "stored mana" });
  if (c.boost) badges.push({ text: "boost", title: c.boost });
  return {
    ...f,
    cost: c.cost !== undefined ? String(c.cost) : null,
    type: words(c.type) + (c.subtype ? " — " + words(c.subtype) : "") + (c.resonance ? " · " + words(c.resonance) : ""),
    stats,
    color: RESONANCE[c.resonance] || colourOf(c.school || c.side),
    badges,
  };
}

function overlordOf(v) { return v.players.find((p) => p.role === "overlord") || v.players[0]; }
function championOf(v) { return v.players.find((p) => p.role === "champion") || v.players[1]; }

function roomEl(room, v, t) {
  const raid = v.raid && v.raid.room === room.room && v.raid.step !== "end" ? v.raid : null;
  const path = raid ? raid.path || [] : [];
  const defenders = room.defenders || [];
  // innermost first in the View; drawn innermost at the top, the outermost nearest the Champion
  const stack = defenders.map((c, i) => {
    const met = path.find((p) => p.defender === i);
    const state = [];
    if (raid && raid.defender === i) state.push("encountered");
    const cardNode = t.card(c, { size: "strip", state });
    return el("div", { class: "defender" + (met ? " met " + (met.result || "") : "") + (raid && raid.defender === i ? " now" : "") },
      cardNode, met && met.result ? el("span", { class: "met-tag" }, RESULT[met.result] || met.result) : null);
  });
  const holds = room.holds ? pileOf(room.holds, v, t) : null;
  const occupant = room.occupant ? t.card(room.occupant, { size: "sm" }) : null;
  const inside = holds || occupant || el("div", { class: "empty-slot sm" }, "");
  // the outermost defender, the first a raid meets, faces the Champion's side of the table
  const facingUp = v.seat !== null && v.seat === overlordOf(v).seat;
  return t.place(room.room, [
    el("div", { class: "r-name" }, room.name || words(room.room)),
    el("div", { class: "r-inside" }, inside),
    el("div", { class: "r-defenders" }, stack.length ? stack : el("span", { class: "empty" }, "unguarded")),
  ], { class: "room" + (raid ? " raided" : "") + (facingUp ? " facing-up" : ""), title: room.name });
}

// What an inner room holds, as the pile it is: the Sanctum the Overlord's hand, the Vault its deck, the
// Crypts its discard pile.
function pileOf(holds, v, t) {
  const o = overlordOf(v);
  if (holds === "hand") {  // the Overlord's own hand lies at the bottom of its side: here only its size
    if (o.seat === v.seat) return t.pile("Hand", (o.hand || {}).count || 0, { zone: "sanctum" });
    return t.hand(o.hand, { mine: false, title: "Hand", zone: "sanctum", size: "sm" });
  }
  if (holds === "deck") return el("div", {}, t.pile("Deck", o.deck, { zone: "vault" }),
    (o.deck && o.deck.known || []).map((c) => el("div", { class: "known-top" }, "you saw: ", c.name, " (", c.from_top === 0 ? "top" : c.from_top + " from the top", ")")));
  if (holds === "discard") return t.pile("Discard", o.discard, { zone: "crypts", showTop: true });
  return null;
}

function sideArea(p, v, t) {
  const mine = p.seat === v.seat;
  const values = [["Mana", p.mana], ["Points", (p.points || 0) + " of 60"]];
  if (p.action_points !== undefined) values.push(["Actions left", p.action_points]);
  if (p.role === "champion") values.push(["Curses", p.curses || 0]);
  values.push(["Hand size", p.max_hand_size]);
  const parts = [
    el("div", { class: "zone" }, el("div", { class: "z-title" }, "Riftcaller"), el("div", { class: "z-cards" }, t.cards([...(p.riftcaller || []), ...(p.boons || [])], { size: "sm" }))),
  ];
  if (p.role === "champion") {
    parts.push(t.row("Arena", p.arena || [], { zone: "arena", size: "sm", empty: "nothing in play" }));
    parts.push(el("div", { class: "piles" }, t.pile("Deck", p.deck, { zone: "champion-deck" }), t.pile("Discard", p.discard, { zone: "champion-discard", showTop: true })));
  }
  parts.push(t.pile("Score", p.score || [], { zone: "score-" + p.seat }));
  // the Overlord's hand is the Sanctum: another seat sees it in that room; the Champion's lies at its side
  const hand = mine || p.role === "champion" ? t.hand(p.hand, { mine, title: "Hand", zone: "hand-" + p.seat, size: mine ? "md" : "sm" }) : null;
  return el("section", { class: "player-area sd " + (mine ? "mine" : "theirs"), dataset: { seat: p.seat } },
    t.seat(p, values), el("div", { class: "zones" }, mine ? hand : null, parts, mine ? null : hand));
}

function raidEl(v, t) {
  const r = v.raid;
  if (!r) return null;
  const over = r.step === "end";
  const steps = (r.path || []).map((p) => el("li", {}, (p.card && !p.card.hidden ? p.card.name : "A face-down minion"),
    p.summoned ? " (summoned)" : "", ": ", RESULT[p.result] || "being met",
    p.weapon ? " with " + (p.weapon.name || "a weapon") + (p.mana ? " for " + p.mana + " mana" : "") : ""));
  const accessed = (r.accessed || []).map((a) => el("li", {}, "Accessed ", a.card && !a.card.hidden ? a.card.name : "a card",
    a.result ? ": " + a.result + (a.mana ? " for " + a.mana + " mana" : "") : ""));
  return el("div", { class: "raid" + (over ? " over" : ""), id: "raid" },
    el("div", { class: "b-title" }, over ? "Last raid: " + (r.name || r.room) + " (turn " + r.turn + ")" : "Raid on " + (r.name || r.room) + " · " + (RAID_STEPS[r.step] || words(r.step))),
    r.raid_mana ? el("span", { class: "chip" }, r.raid_mana + " raid mana") : null,
    el("ol", { class: "raid-path" }, steps, accessed),
    over && r.end ? el("div", { class: "raid-end " + (r.end.success ? "ok" : "err") }, r.end.text) : null);
}

export default {
  title: "Spelldawn",
  face,
  phaseName(v) { return (PHASES[v.phase] || words(v.phase)) + (v.step ? " · raid: " + (RAID_STEPS[v.step] || words(v.step)) : ""); },
  table(v, t) {
    const o = overlordOf(v), c = championOf(v);
    const youAreOverlord = v.seat === o.seat;
    const rooms = el("div", { class: "rooms" }, (v.rooms || []).map((r) => roomEl(r, v, t)));
    const limbo = (v.limbo || []).length ? el("div", { class: "limbo" }, el("div", { class: "z-title" }, "Being played"), el("div", { class: "z-cards" }, t.cards(v.limbo, { size: "sm" }))) : null;
    // the rooms face the Champion: below the Overlord's plate at the top, above it at the bottom
    const overlord = el("div", { class: "overlord-side" }, youAreOverlord ? [rooms, sideArea(o, v, t)] : [sideArea(o, v, t), rooms]);
    const champion = sideArea(c, v, t);
    const middle = el("div", { class: "middle" }, raidEl(v, t), limbo);
    return youAreOverlord
      ? [el("div", { class: "others" }, champion), middle, el("div", { class: "you" }, overlord)]
      : [el("div", { class: "others" }, overlord), middle, el("div", { class: "you" }, champion)];
  },
};
