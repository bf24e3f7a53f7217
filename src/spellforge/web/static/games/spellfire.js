// SPELLFIRE's table: each player's formation as the pyramid (A in front; B C; D E F), the pool of
// champions with what they carry, the hand and the piles, all under the player's name; the others across
// the top, you at the bottom; between them the battle, its two sides with their totals, the plays waiting
// to resolve and who is asked now; the rule cards in play at the side.
import { el, words } from "../kit/dom.js";
import { defaultFace, colourOf } from "../kit/card.js";

const PHASES = { start: "Rule cards", draw: "Draw", realm: "Realm", pool: "Pool", attack: "Combat", cards: "Cards", end: "End of turn" };
const WORLD_COLOURS = {
  "FORGOTTEN REALMS": "#2f6f8f", GREYHAWK: "#6b6b3a", RAVENLOFT: "#5a2e4a", "DARK SUN": "#a0522d",
  DRAGONLANCE: "#3d5a99", BIRTHRIGHT: "#8a6d1f", "AD&D": "#4d4d6b",
};

function face(c) {
  const f = defaultFace(c);
  const stats = [];
  if (c.level !== undefined) stats.push(["Level", c.level]);
  if (c.bonus !== undefined) stats.push(["Bonus", (c.bonus >= 0 ? "+" : "") + c.bonus]);
  if (c.drain !== undefined) stats.push(["Drain", c.drain]);
  const kinds = [c.type_name || words(c.type)];
  if (c.class && c.class.length) kinds.push(c.class.map(words).join(", "));
  const badges = [];
  if (c.razed) badges.push({ text: "razed", kind: "damage", title: "Razed" });
  if (c.offensive) badges.push({ text: "off", title: "Offensive" });
  if (c.defensive) badges.push({ text: "def", kind: "block", title: "Defensive" });
  if (c.harmful) badges.push({ text: "harm", kind: "attack", title: "Harmful event" });
  if (c.returns) badges.push({ text: "limbo", title: "Returns " + c.returns });
  return {
    ...f,
    cost: c.level !== undefined ? String(c.level) : c.bonus !== undefined ? (c.bonus >= 0 ? "+" : "") + c.bonus : null,
    type: kinds.join(" — ") + (c.world ? " · " + c.world : ""),
    stats,
    color: WORLD_COLOURS[c.world] || colourOf(c.type),
    badges,
  };
}

// One position of a formation: the realm (face up, or razed and turned over), or an empty place.
function position(p, t, small) {
  const size = small ? "xs" : "sm";
  let body;
  if (p.realm && p.state !== "razed") {
    body = [t.card(p.realm, { size, state: p.attacked ? ["attacked"] : [] }),
      p.holding ? el("div", { class: "holding" }, t.card(p.holding, { size: "xs" })) : null];
  } else if (p.realm) {
    body = el("div", { class: "razed", title: p.realm.name + " (razed)" }, t.card(p.realm, { size, state: ["razed-card"] }), el("span", { class: "razed-tag" }, "razed"));
  } else {
    body = el("div", { class: "empty-slot " + size }, p.position);
  }
  const cls = ["pos", size];
  if (p.attackable) cls.push("open");
  if (p.attacked) cls.push("under-attack");
  return t.place(p.target, [el("span", { class: "pos-letter" }, p.position), body], { class: cls.join(" "), title: "Position " + p.position });
}

function formation(p, t, small) {
  const rows = (p.formation || []).map((row) => el("div", { class: "f-row" }, row.map((pos) => position(pos, t, small))));
  const dungeon = p.dungeon ? t.place(p.dungeon.target, t.card(p.dungeon.card, { size: "sm" }), { class: "dungeon", title: "Dungeon" }) : null;
  return el("div", { class: "zone formation", dataset: { zone: "formation-" + p.seat } },
    el("div", { class: "z-title" }, "Formation · " + (p.unrazed_realms || 0) + " unrazed"),
    el("div", { class: "pyramid" }, rows, dungeon));
}

function pool(p, t, small) {
  const size = small ? "xs" : "md";
  const champs = (p.pool || []).map((entry) => {
    const state = [];
    if (entry.fought) state.push("fought");
    const champ = entry.champion && entry.champion.hidden
      ? t.place(entry.target, t.card(entry.champion, { size }), { class: "hidden-champ" })
      : t.card(entry.champion, { size, state });
    return el("div", { class: "champ" }, champ,
      (entry.attachments || []).length ? el("div", { class: "attached" + (small ? " xs" : "") }, t.cards(entry.attachments, { size: small ? "xs" : "sm" })) : null,
      entry.spent ? el("span", { class: "chip" }, "spent") : null);
  });
  return el("div", { class: "zone pool", dataset: { zone: "pool-" + p.seat } },
    el("div", { class: "z-title" }, "Pool · " + (p.pool || []).length),
    el("div", { class: "z-cards" }, champs.length ? champs : el("span", { class: "empty" }, "no champions")));
}

function piles(p, t, small) {
  return el("div", { class: "piles" },
    small ? null : t.pile("Deck", p.deck, { zone: "deck-" + p.seat }),
    t.pile("Discard", p.discard, { zone: "discard-" + p.seat, showTop: true }),
    (p.limbo && p.limbo.count) ? t.pile("Limbo", p.limbo, { zone: "limbo-" + p.seat }) : null,
    (p.abyss && p.abyss.count) ? t.pile("Abyss", p.abyss, { zone: "abyss-" + p.seat }) : null,
    p.void ? t.pile("Void", p.void, { zone: "void-" + p.seat }) : null);
}

function playerArea(p, t, mine, small) {
  const values = [["Realms", (p.unrazed_realms || 0) + " of 6"], ["Hand", (p.hand || {}).count || 0], ["Deck", p.deck]];
  if (p.mulligans) values.push(["Mulligans", p.mulligans]);
  const hand = t.hand(p.hand, { mine, title: "Hand", zone: "hand-" + p.seat, size: "md" });
  // another player's hand and deck are counts on its name plate when several sit across the top
  return el("section", { class: "player-area sf " + (mine ? "mine" : "theirs") + (small ? " small" : ""), dataset: { seat: p.seat } },
    t.seat(p, values),
    el("div", { class: "sf-zones" }, formation(p, t, small),
      small ? el("div", { class: "sf-side" }, pool(p, t, small), el("div", { class: "sf-hand-piles" }, hand, piles(p, t, small)))
        : [pool(p, t, small), mine ? hand : null, piles(p, t, small), mine ? null : hand]));
}

function side(s, t, battle) {
  if (!s) return null;
  const losing = battle.losing === s.player;
  const playing = battle.may_play_cards === s.player;
  return el("div", { class: "b-side " + s.role + (losing ? " losing" : "") },
    el("div", { class: "b-head" }, el("b", {}, t.seatLabel(s.player)), " ", words(s.role),
      losing ? el("span", { class: "chip deciding" }, "losing") : null, playing ? el("span", { class: "chip turn" }, "may play cards") : null),
    el("div", { class: "z-cards" },
      s.champion ? t.card(s.champion, { size: "md" }) : s.self_defence ? el("span", { class: "chip" }, "the realm defends itself") : el("span", { class: "empty" }, s.role === "defender" ? "no champion yet" : ""),
      t.cards([...(s.items || []), ...(s.allies || []), ...(s.cards || [])], { size: "sm" })),
    el("div", { class: "b-total", dataset: { watch: "total-" + s.role } }, s.total !== undefined ? String(s.total) : "–"));
}

function battleEl(b, t) {
  if (!b) return null;
  const [att, def] = b.sides || [];
  return el("div", { class: "battle" + (b.over ? " over" : ""), id: "battle" },
    el("div", { class: "b-title" }, b.over ? "The battle is over" : "Battle · round " + b.round, " — ",
      t.seatLabel(b.attacker), " attacks ", t.seatLabel(b.defender)),
    el("div", { class: "b-sides" }, side(att, t, b),
      el("div", { class: "b-target" }, el("div", { class: "z-title" }, "Attacked"), b.target && b.target.card ? t.card(b.target.card, { size: "sm" }) : null),
      side(def, t, b)));
}

function pendingEl(v, t) {
  const items = (v.pending || []).map((p) => el("div", { class: "stack-item" }, t.card(p.card, { size: "sm" }),
    el("span", { class: "s-text" }, "played by " + t.seatLabel(p.player), p.negated ? " — negated" : "", p.copy ? " — a copy" : "")));
  const windows = (v.windows || []).map((w) => el("div", { class: "window" }, words(w.kind) + ": ",
    w.asking !== undefined ? "asking " + t.seatLabel(w.asking) : "",
    (w.to_answer || []).length ? " · still to answer: " + w.to_answer.map((s) => t.seatLabel(s)).join(", ") : ""));
  if (!items.length && !windows.length) return null;
  return el("div", { class: "limbo" }, el("div", { class: "z-title" }, "Waiting to resolve"), items, windows);
}

export default {
  title: "SPELLFIRE",
  face,
  phaseName(v) { return (PHASES[v.phase] || words(v.phase)) + (v.step ? " · " + words(v.step) : ""); },
  table(v, t) {
    const order = t.seatOrder();
    const me = order[order.length - 1];
    const others = order.slice(0, -1);
    const small = others.length > 1;
    const rules = v.rules && v.rules.count ? el("div", { class: "zone rules" }, el("div", { class: "z-title" }, "Rule cards"), el("div", { class: "z-cards" }, t.cards(v.rules.cards, { size: "sm" }))) : null;
    const lasting = (v.lasting || []).length ? el("div", { class: "zone" }, el("div", { class: "z-title" }, "Lasting events"), el("div", { class: "z-cards" }, t.cards(v.lasting.map((x) => x.card || x), { size: "sm" }))) : null;
    return [
      el("div", { class: "others n" + others.length }, others.map((s) => playerArea(v.players[s], t, false, small))),
      el("div", { class: "middle" }, battleEl(v.battle, t), pendingEl(v, t), rules, lasting),
      el("div", { class: "you" }, playerArea(v.players[me], t, v.seat !== null, false)),
    ];
  },
};
