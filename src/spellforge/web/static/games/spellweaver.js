// Spellweaver's table: each side's hero with its life, mana crystals, aspect levels and skills (with their
// cooldowns); the support row behind the combat row, so the two combat rows face each other across the
// middle; blessings, curses, artifacts and The Spark beside them; the card being cast and the combat
// (who attacks whom, who blocks) in the middle.
import { el, words } from "../kit/dom.js";
import { defaultFace, colourOf } from "../kit/card.js";

const PHASES = { setup: "Setup", start: "Start", deploy: "Deploy", combat: "Combat", reinforce: "Reinforce", end: "End" };
const ASPECTS = ["order", "wisdom", "nature", "rage", "dominion", "corruption"];
const ASPECT_COLOURS = { order: "#b9a35a", wisdom: "#3d6fb0", nature: "#3f8a4f", rage: "#b8463c", dominion: "#7a4aa8", corruption: "#4a4350" };

function face(c) {
  const f = defaultFace(c);
  const stats = [];
  if (c.speed !== undefined) stats.push(["Spd", c.speed, "Speed"]);
  if (c.attack !== undefined) stats.push(["Atk", c.attack, "Attack"]);
  if (c.hp !== undefined) stats.push(["HP", c.hp, "Hitpoints"]);
  if (c.energy !== undefined) stats.push(["Energy", c.energy]);
  const badges = [];
  if (c.damage) badges.push({ text: "−" + c.damage, kind: "damage", title: c.damage + " damage" });
  if (c.frozen) badges.push({ text: "❄", title: "frozen" });
  if (c.new) badges.push({ text: "new", title: "played or moved forward this turn" });
  // emblems: {might: 2, weakness: 1, shield: 1}, only the kinds it has
  for (const [e, n] of Object.entries(c.emblems || {})) badges.push({ text: words(e) + (n > 1 ? " ×" + n : ""), kind: e === "weakness" ? "damage" : "good", title: n + " " + words(e) + " emblem" + (n > 1 ? "s" : "") });
  const cost = c.cost !== undefined ? String(c.cost) + (c.levels ? " · " + c.levels : "") : null;
  return {
    ...f,
    cost,
    type: words(c.type) + (c.aspect ? " — " + words(c.aspect) : "") + ((c.keywords || []).length ? " · " + c.keywords.map(words).join(", ") : ""),
    stats,
    color: ASPECT_COLOURS[c.aspect] || colourOf(c.aspect || c.type),
    badges,
  };
}

function heroPanel(p, t) {
  const levels = ASPECTS.filter((a) => (p.levels || {})[a]).map((a) => el("span", { class: "aspect", style: { background: ASPECT_COLOURS[a] }, title: words(a) + " level" }, words(a) + " " + p.levels[a]));
  const crystals = [];
  for (let i = 0; i < (p.crystals || 0); i++) crystals.push(el("span", { class: "crystal" + (i < (p.full_crystals || 0) ? " full" : ""), title: "mana crystal" }, "◆"));
  const skills = (p.skills || []).map((s) => el("div", { class: "skill" + (s.ready ? " ready" : ""), title: s.text || "" },
    el("b", {}, s.name), " ", el("span", { class: "muted" }, s.ready ? "ready" : (s.turns_left || s.cooldown) + " turns")));
  return el("div", { class: "hero-panel" },
    p.hero ? t.card(p.hero, { size: "sm" }) : null,
    el("div", { class: "hero-info" },
      el("div", { class: "crystals" }, crystals, el("span", { class: "muted" }, " " + (p.mana || 0) + " mana" + (p.extra_mana ? " (+" + p.extra_mana + " to spend now)" : ""))),
      el("div", { class: "aspects" }, levels.length ? levels : el("span", { class: "muted" }, "no levels yet")),
      el("div", { class: "skills" }, skills)));
}

function row(title, cards, t, zone, size, cls) {
  return el("div", { class: "zone row-zone " + (cls || "grow"), dataset: { zone } }, el("div", { class: "z-title" }, title),
    el("div", { class: "z-cards" }, cards.length ? cards.map((c) => t.card(c, { size, tapped: c.exhausted, raised: c.attacking })) : el("span", { class: "empty" }, "empty")));
}

function side(p, v, t) {
  const mine = p.seat === v.seat;
  const values = [["Life", p.life], ["Hand", (p.hand || {}).count || 0], ["Deck", (p.deck || {}).count || 0]];
  if (p.clock !== undefined) values.push(["Clock", Math.round(p.clock) + " s"]);
  if (p.shrine_played) values.push(["Shrine", "played"]);
  const attackers = new Set(((v.combat || [])).map((c) => c.attacker));
  const mark = (list) => (list || []).map((c) => ({ ...c, attacking: attackers.has(c.id) }));
  const support = row("Support row", mark(p.support_row), t, "support-" + p.seat, "sm", "support");
  const combat = row("Combat row", mark(p.combat_row), t, "combat-" + p.seat, "md");
  const area = (p.area || []).length ? el("div", { class: "zone" }, el("div", { class: "z-title" }, "In play"), el("div", { class: "z-cards" }, t.cards(p.area, { size: "sm" }))) : null;
  const piles = el("div", { class: "piles" }, t.pile("Deck", p.deck, { zone: "deck-" + p.seat }), t.pile("Graveyard", p.graveyard, { zone: "grave-" + p.seat, showTop: true }));
  const looking = p.looking && (p.looking.cards || []).length ? t.row("Looking at", p.looking.cards, { size: "sm", zone: "looking-" + p.seat }) : null;
  const hand = t.hand(p.hand, { mine, zone: "hand-" + p.seat, size: mine ? "md" : "sm" });
  const head = el("div", { class: "sw-head" }, t.seat(p, values), heroPanel(p, t), area, piles, mine ? null : hand);
  // the two rows side by side, the support row on the outside: the combat rows face each other
  const rows = el("div", { class: "sw-rows" }, support, combat);
  return el("section", { class: "player-area sw " + (mine ? "mine" : "theirs"), dataset: { seat: p.seat } },
    mine ? [rows, looking, head, hand] : [head, rows]);
}

function middle(v, t) {
  const parts = [];
  if ((v.casting || []).length) parts.push(el("div", { class: "limbo" }, el("div", { class: "z-title" }, "Being cast"), el("div", { class: "z-cards" }, t.cards(v.casting, { size: "sm" }))));
  if ((v.combat || []).length) {
    const name = (id) => { for (const p of v.players) for (const c of [...(p.combat_row || []), ...(p.support_row || [])]) if (c.id === id) return c.name; return "a creature"; };
    parts.push(el("div", { class: "combat" }, el("div", { class: "z-title" }, "Combat"), v.combat.map((c) => el("div", { class: "c-group" },
      name(c.attacker), " attacks ", (c.targets || []).map((x) => x.player !== undefined ? t.seatLabel(x.player) : name(x.card)).join(", "),
      c.cancelled ? " — called off" : c.blocked ? " — blocked by " + (c.blockers || []).map(name).join(", ") : ""))));
  }
  return parts;
}

export default {
  title: "Spellweaver",
  face,
  phaseName(v) { return (PHASES[v.phase] || words(v.phase)) + " phase"; },
  table(v, t) {
    const order = t.seatOrder();
    const me = order[order.length - 1];
    return [
      el("div", { class: "others" }, order.slice(0, -1).map((s) => side(v.players[s], v, t))),
      el("div", { class: "middle" }, middle(v, t)),
      el("div", { class: "you" }, side(v.players[me], v, t)),
    ];
  },
};
