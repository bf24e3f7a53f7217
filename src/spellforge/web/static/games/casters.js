// Casters' table: each player's Stages (its life: 5 health a Stage card), field of minions and passives,
// the cards it set face down (your own with what they are), hand and piles; between the players the
// initiative coin, the phase, whose reveal it is, the stack and the attack under way.
import { el, words } from "../kit/dom.js";
import { defaultFace, colourOf } from "../kit/card.js";

const PHASES = { draw: "Draw", set: "Set", reveal: "Reveal", battle: "Battle", end: "End" };

function face(c) {
  const f = defaultFace(c);
  const stats = [];
  if (c.level !== undefined) stats.push(["Lvl", c.level, "Level"]);
  if (c.attack !== undefined) stats.push(["Atk", c.attack, "Attack"]);
  if (c.health !== undefined) stats.push(["HP", c.health, "Health"]);
  const badges = [];
  if (c.damage) badges.push({ text: "−" + c.damage, kind: "damage", title: c.damage + " damage" });
  if (c.shields) badges.push({ text: "🛡" + c.shields, kind: "block", title: c.shields + " Shield cards under it" });
  if (c.attacking) badges.push({ text: "⚔", kind: "attack", title: "attacking" });
  if (c.blocking !== undefined) badges.push({ text: "blocks", kind: "block", title: "blocking" });
  for (const k of c.granted || []) badges.push({ text: words(k), kind: "good", title: "granted" });
  return {
    ...f,
    cost: c.cost !== undefined ? String(c.cost) : null,
    type: words(c.type) + ((c.keywords || []).length ? " — " + c.keywords.map(words).join(", ") : ""),
    stats,
    color: colourOf(c.class || c.type),
    badges,
  };
}

function seatArea(p, v, t) {
  const mine = p.seat === v.seat;
  const values = [["Health", p.health], ["Stages left", p.stage_deck], ["Hand", (p.hand || {}).count || 0], ["Deck", typeof p.deck === "number" ? p.deck : (p.deck || {}).count]];
  if (p.stage_damage) values.push(["Damage this turn", p.stage_damage]);
  const stages = el("div", { class: "zone stages", dataset: { zone: "stages-" + p.seat } },
    el("div", { class: "z-title" }, "Stages"),
    el("div", { class: "z-cards" }, el("div", { class: "stage-pile", title: p.stage_deck + " Stage cards left: " + p.health + " health" },
      Array.from({ length: p.stage_deck || 0 }, () => el("span", { class: "stage-pip" })), el("b", {}, " " + (p.stage_deck || 0))),
    t.cards(p.stages || [], { size: "sm" })));
  const set = p.set || {};
  // your own set cards lie face down with what they are; the other's are backs
  const setCards = (set.cards || []).length ? t.cards(set.cards.map((c) => ({ ...c, face_down: true })), { size: "sm" })
    : Array.from({ length: set.count || 0 }, () => t.card({ hidden: true }, { size: "sm" }));
  const setZone = el("div", { class: "zone set", dataset: { zone: "set-" + p.seat } }, el("div", { class: "z-title" }, "Set · " + (set.count || 0)),
    el("div", { class: "z-cards" }, setCards.length ? setCards : el("span", { class: "empty" }, "none")));
  // equipment lies under the minion it is equipped to; Passive spells beside the minions
  const equipment = (p.field || []).filter((c) => c.equipped_to !== undefined);
  const passives = (p.field || []).filter((c) => c.equipped_to === undefined);
  const minion = (c) => el("div", { class: "champ" }, t.card(c, { size: "md", tapped: c.tapped, raised: !!c.attacking }),
    equipment.filter((e) => e.equipped_to === c.id).length ? el("div", { class: "attached" }, t.cards(equipment.filter((e) => e.equipped_to === c.id), { size: "sm" })) : null);
  const field = el("div", { class: "zone row-zone grow", dataset: { zone: "field-" + p.seat } }, el("div", { class: "z-title" }, "Field"),
    el("div", { class: "z-cards" }, [...(p.minions || []), ...passives].length
      ? [...(p.minions || []).map(minion), ...t.cards(passives, { size: "sm" })]
      : el("span", { class: "empty" }, "no minions")));
  const piles = el("div", { class: "piles" }, t.pile("Deck", p.deck, { zone: "deck-" + p.seat }), t.pile("Graveyard", p.graveyard, { zone: "grave-" + p.seat, showTop: true }));
  const hand = t.hand(p.hand, { mine, zone: "hand-" + p.seat, size: mine ? "md" : "sm" });
  const head = el("div", { class: "ca-head" }, t.seat(p, values), stages, setZone, piles, mine ? null : hand);
  return el("section", { class: "player-area ca " + (mine ? "mine" : "theirs"), dataset: { seat: p.seat } },
    mine ? [field, head, hand] : [head, field]);
}

function middle(v, t) {
  const coin = el("div", { class: "coin-row" },
    el("span", { class: "coin", title: "the initiative coin" }, "●"), " initiative: ", el("b", {}, t.seatLabel(v.initiative)),
    v.set_quota ? el("span", { class: "muted" }, " · each sets " + v.set_quota) : null,
    v.revealing !== undefined && v.revealing !== null ? el("span", { class: "chip turn" }, t.seatLabel(v.revealing) + " reveals") : null);
  const parts = [coin];
  if ((v.stack || []).length) {
    parts.push(el("div", { class: "limbo" }, el("div", { class: "z-title" }, "The stack · the newest resolves first"),
      el("div", { class: "z-cards" }, v.stack.map((it) => t.stackItem(it.uid, [
        el("span", { class: "s-text" }, el("b", {}, it.label || it.name), " · ", t.seatLabel(it.controller),
          (it.targets || []).length ? " → " + it.targets.map((x) => x.label).join(", ") : "", it.negated ? " (negated)" : ""),
      ], { title: it.label })))));
  }
  if ((v.revealed || []).length) parts.push(t.row("Revealed", v.revealed, { size: "sm", zone: "revealed" }));
  if (v.payment) parts.push(el("div", { class: "payment" }, t.seatLabel(v.payment.seat), " is paying: ", v.payment.left));
  if (v.combat) {
    const name = (id) => { for (const p of v.players) for (const c of p.minions || []) if (c.id === id) return c.name; return "a minion"; };
    parts.push(el("div", { class: "combat" }, el("b", {}, name(v.combat.attacker)), " attacks",
      v.combat.target ? " " + v.combat.target.label : "", (v.combat.blockers || []).length ? " · blocked by " + v.combat.blockers.map(name).join(", ") : ""));
  }
  return parts;
}

export default {
  title: "Casters",
  face,
  phaseName(v) { return (PHASES[v.phase] || words(v.phase)) + " phase"; },
  table(v, t) {
    const order = t.seatOrder();
    const me = order[order.length - 1];
    return [
      el("div", { class: "others" }, order.slice(0, -1).map((s) => seatArea(v.players[s], v, t))),
      el("div", { class: "middle" }, middle(v, t)),
      el("div", { class: "you" }, seatArea(v.players[me], v, t)),
    ];
  },
};
