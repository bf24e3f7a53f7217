// The layout module of each game: how its table is laid out and how its cards look. A game without one is
// drawn by the generic layout, from the shape of its View.
import generic from "./generic.js";

const KNOWN = new Set(["spellbattle", "spellweaver", "casters", "spelldawn", "spellfire"]);

export async function layoutFor(game) {
  if (!KNOWN.has(game)) return generic;
  try {
    const mod = await import("./" + game + ".js");
    return mod.default;
  } catch (e) {
    console.error("no layout for " + game, e);
    return generic;
  }
}
