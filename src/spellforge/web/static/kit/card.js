// Cards drawn as cards: a fixed frame (name, cost in the corner, type line, rules text, stats at the bottom,
// the frame's colour from the card's school or colour), a back for a face-down card, and the large version
// a hover (desktop) or a tap (phone) opens, with keyword reminders.
import { el, add, words, cardDataNow } from "./dom.js";

// Fields that are not stats: what the frame already shows, or what a player does not read.
const NOT_STATS = new Set(["id", "key", "name", "type", "text", "keywords", "hidden", "cost", "owner",
  "controller", "face_down", "from_top", "subtype", "school", "class", "aspect", "side", "world", "color",
  "colour", "set", "rarity", "flavor", "tapped", "exhausted", "damage", "attacking", "blocking", "known"]);

// A stable colour for a school, aspect or class name, so each reads the same across a game.
const NAMED = {
  red: "#b8463c", fire: "#c0502f", rage: "#b8463c", blue: "#3d6fb0", water: "#3d6fb0", purple: "#7a4aa8",
  green: "#3f8a4f", nature: "#3f8a4f", white: "#b9b08f", light: "#c2b070", black: "#4a4350", shadow: "#4a4350",
  gold: "#b8923c", grey: "#7b808a", gray: "#7b808a", overlord: "#7d3b52", champion: "#3b6b7d",
};
export function colourOf(name) {
  if (!name) return "#5a6170";
  const key = String(name).toLowerCase();
  if (NAMED[key]) return NAMED[key];
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 38% 42%)`;
}

// The generic face of a card: what a game module's face() starts from.
export function defaultFace(c) {
  const stats = [];
  for (const [k, v] of Object.entries(c)) {
    if (NOT_STATS.has(k) || typeof v !== "number") continue;
    stats.push([words(k), v]);
  }
  return {
    cost: c.cost === undefined || c.cost === null || c.cost === "" ? null : String(c.cost),
    type: words(c.type || "") + (c.subtype ? " — " + words(c.subtype) : ""),
    text: c.text || catalogText(c.key),
    stats,
    color: colourOf(c.school || c.aspect || c.class || c.world || c.color || c.side || c.type),
    badges: [],
  };
}

export function catalogCard(key) {
  for (const game of ["spellbattle", "spellweaver", "casters", "spelldawn", "spellfire"]) {
    const data = cardDataNow(game);
    const def = data && data.byKey && data.byKey[key];
    if (def) return def;
  }
  return null;
}
function catalogText(key) { const def = catalogCard(key); return def ? def.text || "" : ""; }

// A card element. opts: face (the game's face function), size ("sm" | "md" | "lg"), tapped, state classes
// (an array), known (the name a face-down card is known by), where (the zone it sits in, to spot moves).
export function cardEl(c, opts = {}) {
  const size = opts.size || "md";
  if (size === "strip" || size === "xs") return stripEl(c, opts, size);
  if (!c || c.hidden) {
    return slot(el("div", { class: `card back ${size}`, title: "a face-down card" },
      el("div", { class: "c-back" })), opts);
  }
  const face = (opts.face || defaultFace)(c);
  const faceDown = c.face_down === true;
  const cls = ["card", size, ...(opts.state || [])];
  if (faceDown) cls.push("back", "known-back");
  const node = el("div", {
    class: cls.join(" "), style: { "--frame": face.color }, tabindex: 0,
    dataset: { card: c.id, key: c.key, where: opts.where || "" },
    "aria-label": (faceDown ? "face down, you know: " : "") + c.name,
  });
  if (faceDown) {
    add(node, el("div", { class: "c-back" }), el("div", { class: "c-known" }, "you know:", el("b", {}, c.name)));
  } else {
    add(node, 
      el("div", { class: "c-head" }, el("span", { class: "c-name" }, c.name),
        face.cost !== null && face.cost !== undefined ? el("span", { class: "c-cost", title: "cost" }, face.cost) : null),
      el("div", { class: "c-type" }, face.type),
      el("div", { class: "c-text" }, face.text || ""),
      face.stats.length ? el("div", { class: "c-stats" },
        face.stats.map(([label, value, title]) => el("span", { class: "stat", title: title || label },
          el("i", {}, label), el("b", {}, value)))) : null);
  }
  if (face.badges && face.badges.length) {
    add(node, el("div", { class: "c-badges" }, face.badges.map((b) =>
      el("span", { class: "badge " + (b.kind || ""), title: b.title || "" }, b.text))));
  }
  return slot(node, opts, c);
}

// A card sits in a slot, which makes room for it when it is turned sideways (tapped, exhausted).
function slot(node, opts, c) {
  const cls = ["slot", opts.size || "md"];
  if (opts.tapped) cls.push("tapped");
  if (opts.raised) cls.push("raised");
  return el("div", { class: cls.join(" ") }, node);
}

// The large card: for the hover zoom and the phone's sheet.
export function bigCard(c, face, reminders) {
  if (!c || c.hidden) return el("div", { class: "big-card back" }, el("div", { class: "c-back" }), el("p", {}, "A face-down card: its face is hidden from you."));
  const f = (face || defaultFace)(c);
  const kws = c.keywords || (catalogCard(c.key) || {}).keywords || [];
  return el("div", { class: "big-card", style: { "--frame": f.color } },
    el("div", { class: "c-head" }, el("span", { class: "c-name" }, c.name),
      f.cost !== null && f.cost !== undefined ? el("span", { class: "c-cost" }, f.cost) : null),
    el("div", { class: "c-type" }, f.type),
    c.face_down ? el("div", { class: "muted" }, "Face down: only you know it.") : null,
    el("div", { class: "c-text" }, f.text || ""),
    kws.length ? el("div", { class: "c-kw" }, kws.map((k) => el("div", {}, el("b", {}, words(k)),
      reminders && reminders[k] ? ": " + reminders[k] : ""))) : null,
    f.stats.length ? el("div", { class: "c-stats" }, f.stats.map(([label, value, title]) =>
      el("span", { class: "stat", title: title || label }, el("i", {}, title || label), el("b", {}, value)))) : null,
    f.badges && f.badges.length ? el("div", { class: "c-badges" }, f.badges.map((b) => el("span", { class: "badge " + (b.kind || "") }, b.title || b.text))) : null);
}

// A card as a one-line strip (a defender in a column of defenders): its name, or its back, and the values
// the strip's owner picks (opts.values: [[label, value], ...]).
function stripEl(c, opts, size) {
  if (!c || c.hidden) return el("div", { class: "slot " + size }, el("div", { class: "card back " + size, title: "a face-down card" }, el("span", { class: "c-name" }, "face down")));
  const face = (opts.face || defaultFace)(c);
  const node = el("div", {
    class: ["card", size, ...(opts.state || []), c.face_down ? "known-back" : ""].join(" "), style: { "--frame": face.color }, tabindex: 0,
    dataset: { card: c.id, key: c.key, where: opts.where || "" }, title: (c.face_down ? "face down; you know: " : "") + c.name,
  },
  el("span", { class: "c-name" }, c.name),
  el("span", { class: "c-vals" }, face.stats.slice(0, 2).map(([label, value]) => el("span", { title: label }, value)).reduce((a, b) => a.concat(a.length ? ["/", b] : [b]), [])));
  return el("div", { class: "slot " + size + (opts.tapped ? " tapped" : "") }, node);
}
