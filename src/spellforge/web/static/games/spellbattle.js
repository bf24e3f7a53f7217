// Spell Battle's table: each player's row of characters and spells in play, attackers pushed forward with
// the player they attack, blockers marked with what they block; the face-down farms beside the row (your
// own with what you know of them); limbo between the players, oldest first, each with its target; with
// more than two players the others across the top, allies in their team's colour.
import { el, words } from "../kit/dom.js";
import { defaultFace, colourOf } from "../kit/card.js";

const PHASES = { beginning: "Beginning", draw: "Draw", attack: "Attack", main: "Main", end: "End" };

function face(c) {
  const f = defaultFace(c);
  const stats = [];
  if (c.strength !== undefined) stats.push(["Str", c.strength, "Strength" + (c.printed ? " (printed " + c.printed.strength + ")" : "")]);
  if (c.speed !== undefined) stats.push(["Spd", c.speed, "Speed" + (c.printed ? " (printed " + c.printed.speed + ")" : "")]);
  const badges = [];
  if (c.damage) badges.push({ text: "−" + c.damage, kind: "damage", title: c.damage + " damage" });
  if (c.attacking !== undefined) badges.push({ text: "⚔ P" + (c.attacking + 1), kind: "attack", title: "attacking P" + (c.attacking + 1) });
  if (c.blocking) badges.push({ text: "🛡", kind: "block", title: "blocking" });
  if (c.owner !== undefined && c.controller !== undefined && c.owner !== c.controller) badges.push({ text: "borrowed", title: "owned by P" + (c.owner + 1) });
  return {
    ...f,
    type: words(c.type) + ((c.keywords || []).length ? " — " + c.keywords.map(words).join(", ") : ""),
    stats,
    color: c.type === "spell" ? "#4a5a8a" : colourOf((c.keywords || [])[0] || "character"),
    badges,
  };
}

function playerArea(p, v, t, small) {
  const mine = p.seat === v.seat;
  const values = [["Life", p.life], ["Hand", (p.hand || {}).count || 0], ["Deck", (p.deck || {}).count || 0],
    ["Farms", (p.farms || []).length + " (" + (p.untapped_farms || 0) + " up)"]];
  if (v.teams && v.teams !== "none") values.push(["Team", p.team + 1]);
  const size = small ? "sm" : "md";
  const inPlay = (p.in_play || []).map((c) => t.card(c, {
    size, tapped: c.tapped, raised: c.attacking !== undefined,
    state: [c.attacking !== undefined ? "attacking" : "", c.blocking ? "blocking" : ""].filter(Boolean),
  }));
  const farms = (p.farms || []).map((c) => t.card(c, { size: "sm", tapped: c.tapped }));
  const style = v.teams && v.teams !== "none" ? { borderColor: colourOf("team" + p.team) } : null;
  const plate = t.seat(p, values, { teams: true });
  const rows = el("div", { class: "sb-rows" },
      el("div", { class: "zone row-zone grow", dataset: { zone: "play-" + p.seat } }, el("div", { class: "z-title" }, "In play"),
        el("div", { class: "z-cards" }, inPlay.length ? inPlay : el("span", { class: "empty" }, "nothing in play"))),
      el("div", { class: "zone farms", dataset: { zone: "farms-" + p.seat } }, el("div", { class: "z-title" }, "Farms"),
        el("div", { class: "z-cards" }, farms.length ? farms : el("span", { class: "empty" }, "none"))),
      el("div", { class: "piles" }, t.pile("Deck", p.deck, { zone: "deck-" + p.seat }), t.pile("Discard", p.discard, { zone: "discard-" + p.seat, showTop: true })));
  const hand = t.hand(p.hand, { mine, zone: "hand-" + p.seat });
  // the cards in play face the middle of the table: the others' below their name and hand, yours above
  return el("section", { class: "player-area sb " + (mine ? "mine" : "theirs"), dataset: { seat: p.seat }, style },
    mine ? [rows, plate, hand] : [el("div", { class: "sb-head" }, plate, hand), rows]);
}

function limboEl(v, t) {
  const items = v.limbo || [];
  const combat = v.combat;
  const parts = [];
  if (items.length) {
    parts.push(el("div", { class: "limbo" }, el("div", { class: "z-title" }, "Limbo · the newest resolves first"),
      el("div", { class: "z-cards" }, items.map((it) => t.stackItem(it.uid, [
        it.card !== undefined && it.card !== null ? t.card(cardOf(v, it), { size: "sm" }) : null,
        el("span", { class: "s-text" }, el("b", {}, it.label || it.name), " · ", t.seatLabel(it.controller),
          (it.targets || []).length ? " → " + it.targets.map((x) => x.label).join(", ") : ""),
      ], { title: it.label })))));
  }
  if (combat && (combat.groups || []).length) {
    parts.push(el("div", { class: "combat" }, el("div", { class: "z-title" }, "Combat"),
      combat.groups.map((g) => el("div", { class: "c-group" },
        g.attackers.map((id) => nameOf(v, id)).join(" and "), g.attackers.length > 1 ? " attack " : " attacks ", t.seatLabel(g.target),
        g.blocked ? " — blocked by " + (g.blockers || []).map((id) => nameOf(v, id)).join(", ") : " — not blocked"))));
  }
  return parts;
}

function cardOf(v, item) {
  for (const p of v.players) for (const c of p.in_play || []) if (c.id === item.card) return c;
  return { id: item.card, key: item.key || "", name: item.name, type: item.kind === "card" ? "spell" : "ability", text: item.text };
}

function nameOf(v, id) {
  for (const p of v.players) for (const c of p.in_play || []) if (c.id === id) return c.name;
  return "a character";
}

export default {
  title: "Spell Battle",
  face,
  phaseName(v) { return (PHASES[v.phase] || words(v.phase)) + " step" + (v.step ? " · " + words(v.step) : ""); },
  table(v, t) {
    const order = t.seatOrder();
    const me = order[order.length - 1];
    const others = order.slice(0, -1);
    return [
      el("div", { class: "others n" + others.length }, others.map((s) => playerArea(v.players[s], v, t, others.length > 1))),
      el("div", { class: "middle" }, limboEl(v, t)),
      el("div", { class: "you" }, playerArea(v.players[me], v, t, false)),
    ];
  },
};
